import { useState } from 'react';
import { Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useGetOne, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { formatDateTime } from '../../core/time';
import { useTouchlineDataProvider, type Invoice, type InvoiceDiscount, type InvoicePayment } from '../../dataProvider';
import { useDialogs } from '../../src/layout/dialogs';
import { DiscountDialog } from './DiscountDialog';
import { InvoiceHeader, InvoiceItemsTable, ReversalBanner, SimpleTable, Totals } from './InvoiceView';
import { PaymentDialog } from './PaymentDialog';
import { money } from './shared';

// /invoice/{id} (spec 2 §2 Invoice view) for every office role: items, discounts, payments, totals,
// the banners; Add payment, Add discount (admins), Revert (admins, normal payments only), Email
// invoice (with confirmation; 'No customer in invoice' without one), Delete invoice (admins and
// managers, only without payments). Who may not change something sees it read-only.

const isNormal = (p: InvoicePayment) => !p.reversed && !p.reversal && !p.refunded && !p.refund && p.amount > 0;

function paymentDetails(p: InvoicePayment) {
  try {
    const d = JSON.parse(p.details) as Record<string, unknown>;
    return [d.number, d.transaction_number, d.note, p.square_id].filter(Boolean).join(' · ');
  } catch {
    return '';
  }
}

export default function InvoiceShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useTouchlineDataProvider();
  const { confirm, confirmDelete, notifySuccess, run, showError } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const { data: invoice, refetch } = useGetOne<Invoice>('invoice', { id: Number(id) });
  const [dialog, setDialog] = useState<'payment' | 'discount' | null>(null);
  const title = <Title title={translate('page.invoice')} />;
  if (!invoice) return title;

  const zone = invoice.facility.time_zone;
  const open = !invoice.reversed && !invoice.reversal;
  const reload = () => { void refetch(); void queryClient.invalidateQueries({ queryKey: ['invoice'] }); };

  const revert = async (p: InvoicePayment) => {
    if (!(await confirm({ message: translate('invoices.revert_confirm', { amount: money(p.amount) }) }))) return;
    if (await run(() => dataProvider.revertPayment(p.ID))) reload();
  };
  const email = async () => {
    if (!invoice.customer) return showError(new Error(translate('invoices.no_customer')));
    if (!(await confirm({ message: translate('invoices.email_confirm', { email: invoice.customer.email }) }))) return;
    if (await run(() => dataProvider.sendInvoice(invoice.customer!.ID, invoice.ID))) notifySuccess('invoices.email_sent');
  };
  const remove = async () => {
    if (!(await confirmDelete())) return;
    if (await run(() => dataProvider.delete('invoice', { id: invoice.ID, previousData: invoice }))) navigate(-1);
  };
  const removeDiscount = async (d: InvoiceDiscount) => {
    if (!(await confirmDelete())) return;
    if (await run(() => dataProvider.removeDiscount(d.ID))) reload();
  };

  return (
    <Paper sx={{ p: 2, m: 1 }}>
      {title}
      <Stack spacing={1}>
        <ReversalBanner reversed={invoice.reversed} reversal={invoice.reversal} />
        <InvoiceHeader
          id={invoice.ID} date={invoice.date} timeZone={zone} facility={invoice.facility} comment={invoice.comment}
          customer={invoice.customer && (
            <Link component={RouterLink} to={`/customer/${invoice.customer.ID}`}>{`${invoice.customer.first_name} ${invoice.customer.last_name}`}</Link>
          )}
          extra={invoice.contract && (
            <Typography>{translate('invoices.contract')}: <Link component={RouterLink} to={`/contract/${invoice.contract.ID}`}>{invoice.contract.name}</Link></Typography>
          )}
        />
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {open && can(role, 'payments', 'create') && (
            <Button variant="contained" onClick={() => setDialog('payment')}>{translate('invoices.add_payment')}</Button>
          )}
          {open && can(role, 'invoice_discounts', 'apply') && (
            <Button variant="outlined" onClick={() => setDialog('discount')}>{translate('invoices.add_discount')}</Button>
          )}
          {can(role, 'invoices', 'send') && <Button variant="outlined" onClick={() => void email()}>{translate('invoices.email_invoice')}</Button>}
          {open && invoice.payments.length === 0 && can(role, 'invoices', 'delete') && (
            <Button color="error" onClick={() => void remove()}>{translate('invoices.delete_invoice')}</Button>
          )}
        </Stack>
        <InvoiceItemsTable items={invoice.invoice_items} productType={invoice.product_type?.name} />
        <SimpleTable<InvoiceDiscount>
          title={translate('invoices.discounts')}
          rows={invoice.discounts}
          columns={[
            { label: translate('invoices.discount'), render: (d) => d.discount?.name ?? translate('invoices.manual_discount') },
            { label: translate('invoices.comment'), render: (d) => d.comment },
            { label: translate('invoices.amount'), render: (d) => money(d.amount), numeric: true },
            ...(open && can(role, 'invoice_discounts', 'remove')
              ? [{ label: '', render: (d: InvoiceDiscount) => <Button size="small" color="error" onClick={() => void removeDiscount(d)}>{translate('ra.action.delete')}</Button> }]
              : []),
          ]}
        />
        <SimpleTable<InvoicePayment>
          title={translate('invoices.payments')}
          rows={invoice.payments}
          columns={[
            { label: translate('invoices.columns.date'), render: (p) => formatDateTime(p.CreatedAt, zone) },
            { label: translate('invoices.method'), render: (p) => translate(`invoices.methods.${p.type}`) },
            { label: translate('invoices.details'), render: paymentDetails },
            { label: translate('invoices.amount'), render: (p) => money(p.amount), numeric: true },
            ...(can(role, 'payments', 'revert')
              ? [{ label: '', render: (p: InvoicePayment) => isNormal(p) && <Button size="small" onClick={() => void revert(p)}>{translate('invoices.revert')}</Button> }]
              : []),
          ]}
        />
        <Totals totals={invoice} />
      </Stack>
      {dialog === 'payment' && (
        <PaymentDialog
          target={{ invoiceId: invoice.ID, balance: invoice.balance, credits: invoice.customer?.credits ?? null }}
          onClose={() => setDialog(null)}
          onPaid={() => { notifySuccess('invoices.payment_done'); reload(); }}
        />
      )}
      {dialog === 'discount' && <DiscountDialog invoiceId={invoice.ID} onClose={() => setDialog(null)} onApplied={() => { notifySuccess('invoices.discount_done'); reload(); }} />}
    </Paper>
  );
}
