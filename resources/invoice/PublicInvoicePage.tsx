import { Alert, Container, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useTouchlineDataProvider, type PublicInvoice } from '../../dataProvider';
import { toCents } from '../../core/money';
import { CardForm } from './CardForm';
import { SimpleTable } from '../../src/kit/components/SimpleTable';
import { InvoiceHeader, ReversalBanner, Totals } from './InvoiceView';
import { money, paymentLabel } from './shared';
import './messages';
import './square/messages';

// The customer's invoice page (/public/invoice?ref=…): read-only, without sign-in, by the reference
// the invoice e-mail carries. A revoked or unknown reference shows that the link is no longer valid.

export default function PublicInvoicePage() {
  const api = useTouchlineDataProvider();
  const translate = useTranslate();
  const [params] = useSearchParams();
  const reference = params.get('ref') ?? '';
  const { data: invoice, isError, refetch } = useQuery({ queryKey: ['publicInvoice', reference], queryFn: () => api.publicInvoice(reference), enabled: Boolean(reference), meta: { errorDialog: false } });
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Paper sx={{ p: 3 }}>
        <Typography variant="overline">{translate('invoices.public_title')}</Typography>
        {(isError || !reference) && <Alert severity="error">{translate('invoices.public_not_found')}</Alert>}
        {invoice && <PublicInvoiceBody invoice={invoice} />}
        {invoice && <PayOnline reference={reference} invoice={invoice} onPaid={() => void refetch()} />}
      </Paper>
    </Container>
  );
}

function PublicInvoiceBody({ invoice }: { invoice: PublicInvoice }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <ReversalBanner reversed={invoice.reversed} reversal={invoice.reversal} />
      <InvoiceHeader
        id={invoice.ID} date={invoice.date} timeZone={invoice.facility.time_zone} facility={invoice.facility} comment={invoice.comment}
        customer={invoice.customer && <Typography>{`${invoice.customer.first_name} ${invoice.customer.last_name}`}</Typography>}
      />
      <SimpleTable
        title={translate('invoices.items')}
        rows={invoice.invoice_items}
        columns={[
          { label: translate('invoices.columns.product'), render: (i) => i.product },
          { label: translate('invoices.comment'), render: (i) => i.comment },
          { label: translate('invoices.quantity'), render: (i) => i.quantity, numeric: true },
          { label: translate('invoices.price'), render: (i) => money(i.price), numeric: true },
          { label: translate('invoices.total_with_tax'), render: (i) => money(i.total), numeric: true },
        ]}
      />
      <SimpleTable title={translate('invoices.discounts')} rows={invoice.discounts} columns={[
        { label: translate('invoices.discount'), render: (d) => d.name },
        { label: translate('invoices.amount'), render: (d) => money(d.amount), numeric: true },
      ]} />
      <SimpleTable title={translate('invoices.payments')} rows={invoice.payments} columns={[
        { label: translate('invoices.payment_number'), render: (p) => p.ID },
        { label: translate('invoices.method'), render: (p) => paymentLabel(translate, p) },
        { label: translate('invoices.amount'), render: (p) => money(p.amount), numeric: true },
      ]} />
      <Totals totals={invoice} />
    </Stack>
  );
}

function PayOnline({ reference, invoice, onPaid }: { reference: string; invoice: PublicInvoice; onPaid(): void }) {
  const api = useTouchlineDataProvider();
  const translate = useTranslate();
  const [paid, setPaid] = useState(false);
  const open = invoice.balance > 0 && invoice.reversed === null && invoice.reversal === null;
  const { data: config } = useQuery({ queryKey: ['publicCard', reference], queryFn: () => api.publicCardConfig(reference), enabled: open, meta: { errorDialog: false } });
  if (paid) return <Alert severity="success" sx={{ mt: 2 }}>{translate('square.success')}</Alert>;
  if (!open || !config) return null;
  return (
    <Stack spacing={1} sx={{ mt: 3, maxWidth: 420 }}>
      <Typography variant="h6" component="h2">{translate('square.pay_card')}</Typography>
      <CardForm config={config} cents={toCents(invoice.balance)} charge={(charge) => api.publicCharge(reference, charge)} onPaid={() => { setPaid(true); onPaid(); }} />
    </Stack>
  );
}
