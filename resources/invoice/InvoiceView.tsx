import { Alert, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTimeZone } from '../../core/time';
import type { InvoiceItem, InvoiceTotals } from '../../dataProvider';
import { SimpleTable, type Column } from '../../src/kit/components/SimpleTable';
import { BalanceChip, money } from './shared';
import './messages';

// The parts of an invoice that the staff view and the customer's public page both show: the banners,
// the header, the tables and the totals.

export function ReversalBanner({ reversed, reversal }: { reversed: number | null; reversal: number | null }) {
  const translate = useTranslate();
  if (reversal) return <Alert severity="warning">{translate('invoices.reversal_banner')}</Alert>;
  if (reversed) return <Alert severity="warning">{translate('invoices.reversed_banner')}</Alert>;
  return null;
}

/** An invoice's lines; a line without a product is named by the invoice's product type. */
export function InvoiceItemsTable({ items, productType, actions }: { items: InvoiceItem[]; productType?: string; actions?: Column<InvoiceItem> }) {
  const translate = useTranslate();
  return (
    <SimpleTable<InvoiceItem>
      title={translate('invoices.items')}
      rows={items}
      columns={[
        { label: translate('invoices.columns.product'), render: (i) => i.new_product?.name ?? productType ?? '' },
        { label: translate('invoices.comment'), render: (i) => i.comment },
        { label: translate('invoices.quantity'), render: (i) => i.quantity, numeric: true },
        { label: translate('invoices.price'), render: (i) => money(i.price), numeric: true },
        { label: translate('invoices.taxes'), render: (i) => money(i.amount_taxes), numeric: true },
        { label: translate('invoices.fees'), render: (i) => money(i.amount_fees), numeric: true },
        { label: translate('invoices.total_with_tax'), render: (i) => money(i.total), numeric: true },
        ...(actions ? [actions] : []),
      ]}
    />
  );
}

/** What a staff view adds to the totals: refunds asked and not settled, refunds given, how the balance reads. */
type RefundTotals = { refunds_pending: number; refunded: number; balance_state: 'paid' | 'owed' | 'refunded' };

export function Totals({ totals }: { totals: InvoiceTotals & Partial<RefundTotals> }) {
  const translate = useTranslate();
  const lines: Array<[string, number]> = [
    ['invoices.columns.invoiced', totals.invoiced], ['invoices.taxes', totals.taxes], ['invoices.fees', totals.fees],
    ['invoices.total_with_tax', totals.total], ['invoices.discount', totals.discounted], ['invoices.columns.paid', totals.paid],
  ];
  return (
    <Stack spacing={0.5} sx={{ mt: 2, alignItems: 'flex-end' }} data-testid="invoice-totals">
      {lines.map(([label, value]) => (
        <Typography key={label}>{translate(label)}: <b>{money(value)}</b></Typography>
      ))}
      {(totals.refunded ?? 0) > 0 && <Typography data-testid="invoice-refunded">{translate('invoices.refunded_total')}: <b>{money(totals.refunded!)}</b></Typography>}
      {(totals.refunds_pending ?? 0) > 0 && (
        <Alert severity="warning" data-testid="refund-pending">{translate('invoices.refund_pending_total', { amount: money(totals.refunds_pending!) })}</Alert>
      )}
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography>{translate('invoices.columns.balance')}:</Typography>
        <BalanceChip balance={totals.balance} state={totals.balance_state} />
      </Stack>
    </Stack>
  );
}

export function InvoiceHeader({ id, date, timeZone, facility, customer, comment, extra }: {
  id: number; date: number; timeZone: string; facility: { name: string; address: string };
  customer: ReactNode; comment: string; extra?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5}>
      <Typography variant="h5">{translate('invoices.invoice_title', { id })}</Typography>
      <Typography>{formatDateTimeZone(date, timeZone)}</Typography>
      <Typography>{facility.name} — {facility.address}</Typography>
      {customer}
      {comment && <Typography color="text.secondary">{comment}</Typography>}
      {extra}
    </Stack>
  );
}

