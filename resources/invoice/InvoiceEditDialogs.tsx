import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { setInvoiceFee, setItemPrice, updateInvoice } from '../../core/api/invoices';
import { updatePaymentDetails } from '../../core/api/payments';
import type { Invoice, InvoiceItem, InvoicePayment } from '../../dataProvider';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { INVOICE_WRITES } from './invoiceCalls';
import { dateOnDay, toDateInput } from './shared';
import './messages';

// The invoice page's one-field edits (spec 2 §2, §5): its date (admins), an item's price, the
// processing fee, a payment's detail. Each a form checked by its call's declaration, the reason under
// the field; saved, every open view of the invoice shows it.

interface EditProps { onClose(): void; onDone(): void }

/** The day is asked for: the call takes no date as no change. */
const dayGiven = (value: unknown) => (value ? undefined : 'ra.validation.required');

/** The invoice's date: the day changes, the time of day stays (PUT /invoice/{id}). */
export function DateDialog({ invoice, onClose, onDone }: EditProps & { invoice: Invoice }) {
  const translate = useTranslate();
  return (
    <DeclaredDialog title="invoices.edit_date" endpoint={updateInvoice} invalidates={INVOICE_WRITES} onClose={onClose} onDone={onDone} maxWidth="xs" inputRules
      defaultValues={{ day: toDateInput(invoice.date) }}
      input={(values) => ({ params: { id: invoice.ID }, body: { date: values.day ? dateOnDay(invoice.date, values.day) : undefined } })}
      fieldOf={(path) => (path === 'date' ? 'day' : path)}>
      <TextInput source="day" type="date" label={translate('invoices.invoice_date')} InputLabelProps={{ shrink: true }} validate={dayGiven} autoFocus />
    </DeclaredDialog>
  );
}

/** An item's unit price (PUT /invoice/item/{id}). */
export function PriceDialog({ item, onClose, onDone }: EditProps & { item: InvoiceItem }) {
  const translate = useTranslate();
  return (
    <DeclaredDialog title="invoices.edit_price" endpoint={setItemPrice} invalidates={INVOICE_WRITES} onClose={onClose} onDone={onDone} maxWidth="xs"
      defaultValues={{ price: item.price }}
      input={(values) => ({ params: { id: item.ID }, body: { price: values.price } })}>
      <NumberInput source="price" label={translate('invoices.price')} step={0.01} min={0} autoFocus />
    </DeclaredDialog>
  );
}

/** The processing fee in percent on every line (PUT /invoice/fee/{id}). */
export function FeeDialog({ invoice, percent, onClose, onDone }: EditProps & { invoice: Invoice; percent: number }) {
  const translate = useTranslate();
  return (
    <DeclaredDialog title="invoices.edit_fee" endpoint={setInvoiceFee} invalidates={INVOICE_WRITES} onClose={onClose} onDone={onDone} maxWidth="xs"
      defaultValues={{ fees: percent }}
      input={(values) => ({ params: { id: invoice.ID }, body: { fees: values.fees } })}>
      <NumberInput source="fees" label={translate('invoices.fee_percent')} step={0.01} min={0} max={100} autoFocus />
    </DeclaredDialog>
  );
}

/** A payment's one detail (check number, wire transaction number, or note), its other details kept (PUT /payment/details/{id}). */
export function DetailsDialog({ payment, detail, details, onClose, onDone }: EditProps & { payment: InvoicePayment; detail: { key: string; label: string }; details: Record<string, unknown> }) {
  const translate = useTranslate();
  const kept = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, String(v ?? '')]));
  return (
    <DeclaredDialog title="invoices.edit_details" endpoint={updatePaymentDetails} invalidates={INVOICE_WRITES} onClose={onClose} onDone={onDone} maxWidth="xs"
      defaultValues={{ detail: String(details[detail.key] ?? '') }}
      input={(values) => ({ params: { id: payment.ID }, body: { details: { ...kept, [detail.key]: String(values.detail ?? '').trim() } } })}
      fieldOf={(path) => (path.startsWith('details') ? 'detail' : path)}>
      <TextInput source="detail" label={translate(detail.label)} autoFocus />
    </DeclaredDialog>
  );
}
