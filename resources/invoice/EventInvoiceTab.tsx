import { useState } from 'react';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreate, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { eventInvoices } from '../../core/api/invoices';
import { can } from '../../core/permissions';
import { useTouchlineDataProvider, type Invoice, type NewInvoice } from '../../dataProvider';
import { showPath } from '../../src/kit/entity/paths';
import { useDeclaredQuery, useInvalidate } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { InvoiceItemsTable, ReversalBanner, Totals } from './InvoiceView';
import './messages';

// The calendar event page's Invoice tab (spec 2 §2): every invoice holding a line of the event, with
// its items, totals and a link to it. An event without an invoice offers 'Invoice & event': one
// invoice for the booking's customer with one line for the event at the product's price for that
// booking — peak and off-peak by the minute, priced by the server (GET /product/prices, core/pricing).
// The invoices are kept under the invoice resource: the one made here, and any change to them, shows.

export default function EventInvoiceTab({ eventId }: { eventId: number }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const { data: invoices } = useDeclaredQuery('invoice', eventInvoices, { query: { event_id: eventId } });
  // The booking, as the event page reads it (the calendar's own call).
  const { data: event } = useQuery({ queryKey: ['event', eventId], queryFn: () => dataProvider.getEvent(eventId) });
  // The form (or run) says a failure itself.
  const [create] = useCreate<Invoice>(undefined, undefined, { meta: { errorDialog: false } });
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

  if (!invoices || !event) return null;

  const invoiceEvent = async () => {
    if (!event.new_product_id) return;
    setBusy(true);
    const created = await run(async () => {
      const quote = await dataProvider.bookingPrice(event.new_product_id!, {
        facility_id: event.facility_id, start: event.start_date, end: event.end_date, field_id: event.field_id,
      });
      const invoice: NewInvoice = {
        facility_id: event.facility_id, customer_id: event.customer_id ?? 0, product_type_id: event.product_type_id,
        invoice_items: [{ event_id: event.ID, product_id: quote.product_id, new_product_id: quote.new_product_id, price: quote.price, quantity: 1 }],
      };
      return create('invoice', { data: invoice as Partial<Invoice> }, { returnPromise: true });
    });
    setBusy(false);
    // The event's invoices, read again with the new one.
    if (created) await invalidate('invoice');
  };

  if (invoices.length === 0) {
    return (
      <Stack spacing={1} alignItems="flex-start">
        <Typography color="text.secondary">{translate('invoices.event_no_invoice')}</Typography>
        {!event.new_product_id && <Typography color="text.secondary">{translate('invoices.event_no_product')}</Typography>}
        {can(role, 'invoices', 'create') && (
          <Button variant="contained" disabled={busy || !event.new_product_id} onClick={() => void invoiceEvent()}>
            {translate('invoices.invoice_and_event')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {invoices.map((invoice) => (
        <Stack key={invoice.ID} spacing={1} data-testid={`event-invoice-${invoice.ID}`}>
          <ReversalBanner reversed={invoice.reversed} reversal={invoice.reversal} />
          <Link component={RouterLink} to={showPath('invoice', invoice.ID)} variant="h6">{translate('invoices.invoice_title', { id: invoice.ID })}</Link>
          <InvoiceItemsTable items={invoice.invoice_items} productType={invoice.product_type?.name} />
          <Totals totals={invoice} />
        </Stack>
      ))}
    </Stack>
  );
}
