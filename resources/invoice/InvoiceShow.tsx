import { useState, type ReactNode } from 'react';
import { Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { ShowBase, Title, useDataProvider, useDelete, usePermissions, useShowContext, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { formatDollars, toCents, toDollars } from '../../core/money';
import { can } from '../../core/permissions';
import { formatDateTime } from '../../core/time';
import { DETAIL_META, type Invoice, type InvoiceDiscount, type InvoiceItem, type InvoicePayment } from '../../dataProvider';
import { editPath, showPath } from '../../src/kit/entity/paths';
import { useInvalidate } from '../../src/kit/entity/useDeclared';
import { useInvoiceCalls } from './invoiceCalls';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { AddItemDialog } from './AddItemDialog';
import { DiscountDialog } from './DiscountDialog';
import { SimpleTable } from '../../src/kit/components/SimpleTable';
import { InvoiceHeader, InvoiceItemsTable, ReversalBanner, Totals } from './InvoiceView';
import { PaymentDialog } from './PaymentDialog';
import { SquareLink } from './SquareLink';
import { RefundDialog } from './RefundDialog';
import { TransferDialog } from './TransferDialog';
import { money, moneyProblem, paymentLabel } from './shared';
import { DateDialog, DetailsDialog, FeeDialog, PriceDialog } from './InvoiceEditDialogs';
import { ValueDialog } from '../../src/kit/components/ValueDialog';
import './messages';
import './square/messages';
import { shownEmail } from '../../src/kit/components/ContactText';

// /invoice/{id} (spec 2 §2 Invoice view) for every office role: items, discounts, payments, totals,
// the banners; Add payment, Add discount (admins), Add item (admins), Edit fee (admins; managers
// without a contract), Revert (admins, normal payments only), Email invoice (with confirmation; 'No
// customer in invoice' without one), Delete invoice (admins and managers, only without payments).
// Who may not change something sees it read-only. Every change is a react-admin mutation or a declared
// one (./invoiceCalls.ts): every open view of the invoice (this page, the contract's Invoice tab, the
// list) shows it without a reload.

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

/** The Method column: the payment's method, and a refund asked on it and not yet settled (issue 41 m29). */
function PaymentMethodCell({ p, pending }: { p: InvoicePayment; pending: Invoice['pending_refunds'] }) {
  const translate = useTranslate();
  const asked = pending.filter((r) => r.payment_id === p.ID);
  return (
    <>
      {paymentLabel(translate, p)}
      {asked.map((r) => (
        <Chip key={r.ID} size="small" color="warning" sx={{ ml: 1 }} data-testid="payment-refund-pending"
          label={translate('invoices.refund_pending', { amount: money(r.amount), method: translate(`values.payment_methods.${r.type}`) })} />
      ))}
    </>
  );
}

/**
 * The invoice resource's show view (/invoice/{id}): the record of the route, or `invoiceId` when
 * embedded (the contract page's Invoice tab), read by react-admin's ShowBase (getOne). A failed read is
 * shown by the app's error dialog, where the page stays.
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
  const dataProvider = useDataProvider();
  const calls = useInvoiceCalls();
  const invalidate = useInvalidate();
  const [update] = useUpdate();
  const [deleteOne] = useDelete();
  const { confirm, confirmDelete, notifySuccess, run, showError } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const { record: invoice } = useShowContext<Invoice & { id: number }>();
  const [dialog, setDialog] = useState<'payment' | 'discount' | 'item' | null>(null);
  /** The open edit dialog (date, item price, payment details, refund), if any. */
  const [edit, setEdit] = useState<ReactNode>(null);
  if (!invoice) return null;

  const zone = invoice.facility.time_zone;
  const open = !invoice.reversed && !invoice.reversal;

  const revert = async (p: InvoicePayment) => {
    if (!(await confirm({ message: translate('invoices.revert_confirm', { amount: formatDollars(p.amount) }) }))) return;
    await run(() => calls.reverse.mutateAsync({ params: { id: p.ID }, query: { refund: '0' } }));
  };
  const email = async () => {
    if (!invoice.customer) return showError(new Error(translate('invoices.no_customer')));
    if (!(await confirm({ message: translate('invoices.email_confirm', { email: shownEmail(invoice.customer.email) }) }))) return;
    if (await run(() => calls.send.mutateAsync({ params: { id: invoice.customer!.ID }, query: { invoice: invoice.ID } }))) notifySuccess('invoices.email_sent');
  };
  const remove = async () => {
    if (!(await confirmDelete())) return;
    if (await run(() => deleteOne('invoice', { id: invoice.ID, previousData: invoice }, { returnPromise: true }))) navigate(-1);
  };
  const closeEdit = () => setEdit(null);
  const saved = () => notifySuccess('invoices.saved');
  const editDate = () => setEdit(<DateDialog invoice={invoice} onClose={closeEdit} onDone={saved} />);
  const editPrice = (item: InvoiceItem) => setEdit(<PriceDialog item={item} onClose={closeEdit} onDone={saved} />);
  const editFee = () => setEdit(<FeeDialog invoice={invoice} percent={feePercentOf(invoice)} onClose={closeEdit} onDone={saved} />);
  const removeItem = async (item: InvoiceItem) => {
    if (!(await confirmDelete())) return;
    await run(() => calls.deleteItem.mutateAsync({ params: { id: item.ID } }));
  };
  const editDetails = (p: InvoicePayment) => {
    const key = detailKey(p);
    setEdit(<DetailsDialog payment={p} detail={{ key, label: detailLabel[key] }} details={detailsOf(p)} onClose={closeEdit} onDone={saved} />);
  };
  const refund = (p: InvoicePayment) => setEdit(
    <RefundDialog payment={p} hasCustomer={!!invoice.customer} onClose={closeEdit} onDone={() => notifySuccess('invoices.refund_requested')} />,
  );
  /**
   * Adds to the customer's credits (PUT /customer/{id} sets the balance, with the version just read as
   * If-Match so a parallel change is not lost); the invoice shows the customer's credits again.
   */
  const addCredit = (customerId: number) => setEdit(
    <ValueDialog title={translate('invoices.add_credit')} label={translate('invoices.amount')} type="number" initial="" onClose={closeEdit}
      save={async (value) => {
        const problem = moneyProblem(value, 'amount');
        if (problem) return { severity: 'error', text: problem };
        const cents = toCents(Number(value));
        const { data: profile } = await dataProvider.getOne('customer', { id: customerId, meta: DETAIL_META });
        await update('customer', { id: customerId, data: { credits: toDollars(toCents(profile.credits) + cents) }, previousData: profile }, { returnPromise: true });
        await invalidate('invoice');
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
        <Button size="small" onClick={() => setEdit(<TransferDialog payment={p} onClose={closeEdit} onDone={() => notifySuccess('invoices.transferred')} />)}>
          {translate('invoices.transfer')}
        </Button>
      )}
    </>
  );

  const removeDiscount = async (d: InvoiceDiscount) => {
    if (!(await confirmDelete())) return;
    await run(() => calls.removeDiscount.mutateAsync({ params: { id: d.ID } }));
  };

  return (
    <Paper sx={{ p: 2, m: 1 }}>
      <Stack spacing={1}>
        <ReversalBanner reversed={invoice.reversed} reversal={invoice.reversal} />
        <InvoiceHeader
          id={invoice.ID} date={invoice.date} timeZone={zone} facility={invoice.facility} comment={invoice.comment}
          customer={invoice.customer && (
            <Link component={RouterLink} to={showPath('customer', invoice.customer.ID)}>{`${invoice.customer.first_name} ${invoice.customer.last_name}`}</Link>
          )}
          extra={invoice.contract && (
            <Typography>{translate('invoices.contract')}: <Link component={RouterLink} to={showPath('contract', invoice.contract.ID)}>{invoice.contract.name}</Link></Typography>
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
          {can(role, 'invoices', 'edit') && (
            <Button variant="outlined" component={RouterLink} to={editPath('invoice', invoice.ID)} startIcon={<EditIcon />}>{translate('invoices.edit')}</Button>
          )}
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
            { label: translate('invoices.method'), render: (p) => <PaymentMethodCell p={p} pending={invoice.pending_refunds} /> },
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
          // A card or terminal payment is recorded by Square's calls: the views of what it paid are read again.
          onPaid={() => { notifySuccess('invoices.payment_done'); void invalidate('invoice', 'contract', 'customer'); }}
        />
      )}
      {edit}
      {dialog === 'item' && (
        <AddItemDialog invoiceId={invoice.ID} facilityId={invoice.facility_id} onClose={() => setDialog(null)} onAdded={() => notifySuccess('invoices.saved')} />
      )}
      {dialog === 'discount' && <DiscountDialog invoiceId={invoice.ID} onClose={() => setDialog(null)} onApplied={() => notifySuccess('invoices.discount_done')} />}
    </Paper>
  );
}
