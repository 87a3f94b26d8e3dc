import { useState, type ReactNode } from 'react';
import { Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ShowBase, Title, usePermissions, useShowContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { formatDollars, toCents, toDollars } from '../../core/money';
import { can } from '../../core/permissions';
import { formatDateTime } from '../../core/time';
import { DETAIL_META, useTouchlineDataProvider, type Invoice, type InvoiceDiscount, type InvoiceItem, type InvoicePayment } from '../../dataProvider';
import { useDialogs } from '../../src/layout/dialogs';
import { AddItemDialog } from './AddItemDialog';
import { DiscountDialog } from './DiscountDialog';
import { SimpleTable } from '../../src/components/SimpleTable';
import { InvoiceHeader, InvoiceItemsTable, ReversalBanner, Totals } from './InvoiceView';
import { PaymentDialog } from './PaymentDialog';
import { SquareLink } from './SquareLink';
import { RefundDialog } from './RefundDialog';
import { TransferDialog } from './TransferDialog';
import { fromDateInput, money, moneyProblem, paymentLabel, toDateInput } from './shared';
import { ValueDialog } from '../../src/components/ValueDialog';
import './messages';
import './square/messages';

// /invoice/{id} (spec 2 §2 Invoice view) for every office role: items, discounts, payments, totals,
// the banners; Add payment, Add discount (admins), Add item (admins), Edit fee (admins; managers
// without a contract), Revert (admins, normal payments only), Email invoice (with confirmation; 'No
// customer in invoice' without one), Delete invoice (admins and managers, only without payments).
// Who may not change something sees it read-only.

const isNormal = (p: InvoicePayment) => !p.reversed && !p.reversal && !p.refunded && !p.refund && p.amount > 0;

function detailsOf(p: InvoicePayment): Record<string, unknown> {
  try {
    const d = JSON.parse(p.details) as unknown;
    return d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function PaymentDetails({ p }: { p: InvoicePayment }) {
  const translate = useTranslate();
  const d = detailsOf(p);
  const player = p.player && `${p.player.first_name} ${p.player.last_name}`;
  // A card refund Square has not settled yet, and a payment whose Square answer failed its checks (issue 30).
  const square = [p.refund_status === 'Pending' && translate('square.refund_pending'), typeof d.review === 'string' && `${translate('square.review')}: ${d.review}`];
  const text = [player, d.number, d.transaction_number, d.note, ...square].filter(Boolean).join(' · ');
  return p.square_id ? <>{text}{text && ' · '}<SquareLink squareId={p.square_id} /></> : <>{text}</>;
}

/** The one detail a payment's method keeps: a check's number, a wire's transaction number, else a note. */
const detailKey = (p: InvoicePayment) => (p.type === 'check' ? 'number' : p.type === 'wire' ? 'transaction_number' : 'note');
const detailLabel = { number: 'invoices.check_number', transaction_number: 'invoices.transaction_number', note: 'invoices.note' } as const;

/** The invoice's processing fee in percent: its lines' (they share it once edited), else the facility's. */
const feePercentOf = (invoice: Invoice) => invoice.invoice_items[0]?.fees ?? Math.round(invoice.facility.processing_fee * 100 * 1e6) / 1e6;

/**
 * The invoice resource's show view (in its `edit` slot: the spec's route is /invoice/{id}): the record of
 * the route, or `invoiceId` when embedded (the contract page's Invoice tab), read by react-admin's
 * ShowBase (getOne). A failed read is shown by the app's error dialog, where the page stays.
 */
export default function InvoiceShow({ invoiceId }: { invoiceId?: number } = {}) {
  const translate = useTranslate();
  return (
    <ShowBase<Invoice & { id: number }> resource="invoice" id={invoiceId} redirectOnError={false} queryOptions={{ meta: DETAIL_META, onError: () => undefined }}>
      {!invoiceId && <Title title={translate('page.invoice')} />}
      <InvoiceBody />
    </ShowBase>
  );
}

function InvoiceBody() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useTouchlineDataProvider();
  const { confirm, confirmDelete, notifySuccess, run, showError } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const { record: invoice } = useShowContext<Invoice & { id: number }>();
  const [dialog, setDialog] = useState<'payment' | 'discount' | 'item' | null>(null);
  /** The open edit dialog (date, item price, payment details, refund), if any. */
  const [edit, setEdit] = useState<ReactNode>(null);
  if (!invoice) return null;

  const zone = invoice.facility.time_zone;
  const open = !invoice.reversed && !invoice.reversal;
  /** After a change: react-admin reads the invoice again (its getOne), and every list of invoices. */
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['invoice'] });

  const revert = async (p: InvoicePayment) => {
    if (!(await confirm({ message: translate('invoices.revert_confirm', { amount: formatDollars(p.amount) }) }))) return;
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
  const closeEdit = () => setEdit(null);
  const saved = () => { notifySuccess('invoices.saved'); reload(); };
  const editDate = () => setEdit(
    <ValueDialog title={translate('invoices.edit_date')} label={translate('invoices.invoice_date')} type="date" initial={toDateInput(invoice.date)} onClose={closeEdit}
      save={async (value) => {
        if (!value) return { severity: 'error', text: 'invoices.required' };
        // The day changes; the time of day stays.
        await dataProvider.updateInvoice(invoice.ID, { date: fromDateInput(value) + (invoice.date - fromDateInput(toDateInput(invoice.date))) });
        saved();
      }} />,
  );
  const editPrice = (item: InvoiceItem) => setEdit(
    <ValueDialog title={translate('invoices.edit_price')} label={translate('invoices.price')} type="number" initial={String(item.price)} onClose={closeEdit}
      save={async (value) => {
        const problem = moneyProblem(value, 'price', { allowZero: true });
        if (problem) return { severity: 'error', text: problem };
        await dataProvider.setItemPrice(item.ID, Number(value));
        saved();
      }} />,
  );
  const editFee = () => setEdit(
    <ValueDialog title={translate('invoices.edit_fee')} label={translate('invoices.fee_percent')} type="number" initial={String(feePercentOf(invoice))} onClose={closeEdit}
      save={async (value) => {
        const fees = Number(value);
        if (value.trim() === '' || !(fees >= 0 && fees <= 100)) return { severity: 'error', text: 'invoices.fee_invalid' };
        await dataProvider.setFee(invoice.ID, fees);
        saved();
      }} />,
  );
  const removeItem = async (item: InvoiceItem) => {
    if (!(await confirmDelete())) return;
    if (await run(() => dataProvider.deleteItem(item.ID))) reload();
  };
  const editDetails = (p: InvoicePayment) => {
    const key = detailKey(p);
    const details = detailsOf(p);
    setEdit(
      <ValueDialog title={translate('invoices.edit_details')} label={translate(detailLabel[key])} initial={String(details[key] ?? '')} onClose={closeEdit}
        save={async (value) => {
          await dataProvider.updatePaymentDetails(p.ID, { ...Object.fromEntries(Object.entries(details).map(([k, v]) => [k, String(v ?? '')])), [key]: value.trim() });
          saved();
        }} />,
    );
  };
  const refund = (p: InvoicePayment) => setEdit(
    <RefundDialog payment={p} hasCustomer={!!invoice.customer} onClose={closeEdit} onDone={() => { notifySuccess('invoices.refund_requested'); reload(); }} />,
  );
  /** Adds to the customer's credits (PUT /customer/{id} sets the balance; If-Match keeps a parallel change from being lost). */
  const addCredit = (customerId: number) => setEdit(
    <ValueDialog title={translate('invoices.add_credit')} label={translate('invoices.amount')} type="number" initial="" onClose={closeEdit}
      save={async (value) => {
        const problem = moneyProblem(value, 'amount');
        if (problem) return { severity: 'error', text: problem };
        const cents = toCents(Number(value));
        const profile = await dataProvider.getCustomerProfile(customerId);
        await dataProvider.updateCustomer(customerId, { credits: toDollars(toCents(profile.credits) + cents) }, profile.version);
        saved();
      }} />,
  );
  const mayPrice = can(role, 'invoices', 'price') && (!invoice.contract_id || can(role, 'invoices', 'contract_price'));
  const mayFee = can(role, 'invoices', 'fee') && (!invoice.contract_id || can(role, 'invoices', 'contract_price'));
  const mayDeleteItem = can(role, 'invoices', 'delete_item') && !invoice.contract_id && invoice.payments.length === 0;
  const itemActions = open && (mayPrice || mayDeleteItem) ? {
    label: '',
    render: (i: InvoiceItem) => (
      <>
        {mayPrice && <Button size="small" onClick={() => editPrice(i)}>{translate('invoices.edit_price')}</Button>}
        {mayDeleteItem && <Button size="small" color="error" onClick={() => void removeItem(i)}>{translate('invoices.delete_item')}</Button>}
      </>
    ),
  } : undefined;
  const paymentActions = (p: InvoicePayment) => (
    <>
      {can(role, 'payments', 'revert') && isNormal(p) && <Button size="small" onClick={() => void revert(p)}>{translate('invoices.revert')}</Button>}
      {can(role, 'payments', 'refund') && isNormal(p) && <Button size="small" onClick={() => refund(p)}>{translate('invoices.refund')}</Button>}
      {can(role, 'payments', 'details') && <Button size="small" onClick={() => editDetails(p)}>{translate('invoices.edit_details')}</Button>}
      {/* Only a team invoice's player payments move to another team. */}
      {can(role, 'payments', 'transfer') && invoice.team_id && p.player_customer_id && isNormal(p) && (
        <Button size="small" onClick={() => setEdit(<TransferDialog payment={p} onClose={closeEdit} onDone={() => { notifySuccess('invoices.transferred'); reload(); }} />)}>
          {translate('invoices.transfer')}
        </Button>
      )}
    </>
  );

  const removeDiscount = async (d: InvoiceDiscount) => {
    if (!(await confirmDelete())) return;
    if (await run(() => dataProvider.removeDiscount(d.ID))) reload();
  };

  return (
    <Paper sx={{ p: 2, m: 1 }}>
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
          {open && can(role, 'invoices', 'add_item') && (
            <Button variant="outlined" onClick={() => setDialog('item')}>{translate('invoices.add_item')}</Button>
          )}
          {open && mayFee && <Button variant="outlined" onClick={editFee}>{translate('invoices.edit_fee')}</Button>}
          {can(role, 'invoices', 'send') && <Button variant="outlined" onClick={() => void email()}>{translate('invoices.email_invoice')}</Button>}
          {invoice.customer && can(role, 'customer_profile', 'credit') && (
            <Button variant="outlined" onClick={() => addCredit(invoice.customer!.ID)}>{translate('invoices.add_credit')}</Button>
          )}
          {can(role, 'invoices', 'date') && <Button variant="outlined" onClick={editDate}>{translate('invoices.edit_date')}</Button>}
          {open && invoice.payments.length === 0 && can(role, 'invoices', 'delete') && (
            <Button color="error" onClick={() => void remove()}>{translate('invoices.delete_invoice')}</Button>
          )}
        </Stack>
        <InvoiceItemsTable items={invoice.invoice_items} productType={invoice.product_type?.name} actions={itemActions} />
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
            { label: translate('invoices.payment_number'), render: (p) => p.ID },
            { label: translate('invoices.columns.date'), render: (p) => formatDateTime(p.CreatedAt, zone) },
            { label: translate('invoices.method'), render: (p) => paymentLabel(translate, p) },
            { label: translate('invoices.details'), render: (p) => <PaymentDetails p={p} /> },
            { label: translate('invoices.amount'), render: (p) => money(p.amount), numeric: true },
            { label: '', render: paymentActions },
          ]}
        />
        <Totals totals={invoice} />
      </Stack>
      {dialog === 'payment' && (
        <PaymentDialog
          target={{ invoiceId: invoice.ID, facilityId: invoice.facility_id, balance: invoice.balance, credits: invoice.customer?.credits ?? null, players: invoice.team?.roster }}
          onClose={() => setDialog(null)}
          onPaid={() => { notifySuccess('invoices.payment_done'); reload(); }}
        />
      )}
      {edit}
      {dialog === 'item' && (
        <AddItemDialog invoiceId={invoice.ID} facilityId={invoice.facility_id} onClose={() => setDialog(null)} onAdded={() => { notifySuccess('invoices.saved'); reload(); }} />
      )}
      {dialog === 'discount' && <DiscountDialog invoiceId={invoice.ID} onClose={() => setDialog(null)} onApplied={() => { notifySuccess('invoices.discount_done'); reload(); }} />}
    </Paper>
  );
}
