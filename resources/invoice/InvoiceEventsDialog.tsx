import { Button, DialogActions, DialogContent } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { formatDateTime } from '../../core/time';
import type { Invoice, InvoiceItem } from '../../dataProvider';
import { SimpleTable } from '../../src/kit/components/SimpleTable';
import { KitDialog } from '../../src/kit/layout/KitDialog';
import { money } from './shared';
import './messages';

// The invoice list's events dialog (spec 2 §2): an invoice's items with the start and end of the event
// each bills, in the facility's time zone.

export function InvoiceEventsDialog({ invoiceId, onClose }: { invoiceId: number; onClose(): void }) {
  const translate = useTranslate();
  const { data: invoice } = useGetOne<Invoice>('invoice', { id: invoiceId });
  const at = (seconds: number | undefined) => (seconds === undefined || !invoice ? '' : formatDateTime(seconds, invoice.facility.time_zone));
  return (
    <KitDialog open onClose={onClose} maxWidth="md" title={translate('invoices.events_title', { id: invoiceId })}>
      <DialogContent>
        <SimpleTable<InvoiceItem>
          title={translate('invoices.items')}
          rows={invoice?.invoice_items ?? []}
          columns={[
            { label: translate('invoices.columns.product'), render: (i) => i.new_product?.name ?? invoice?.product_type?.name ?? '' },
            { label: translate('invoices.comment'), render: (i) => i.comment },
            { label: translate('invoices.event_start'), render: (i) => at(i.event?.start_date) },
            { label: translate('invoices.event_end'), render: (i) => at(i.event?.end_date) },
            { label: translate('invoices.price'), render: (i) => money(i.price), numeric: true },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </KitDialog>
  );
}
