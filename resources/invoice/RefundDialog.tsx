import { useEffect } from 'react';
import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAYMENT_MESSAGES, reversePayment } from '../../core/api/payments';
import { CARD_PAYMENTS, REFUND_METHODS } from '../../core/constants';
import { formatDollars, toCents } from '../../core/money';
import type { InvoicePayment } from '../../dataProvider';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { INVOICE_WRITES } from './invoiceCalls';
import { moneyProblem } from './shared';
import './messages';

// The refund request (spec 2 §5): type, amount and reason, sent as DELETE /payment/{id}?refund=1 and
// recorded Pending for the refund review (to customer credit: confirmed at once). Refund to "Card" goes
// back through Square on confirmation; cash, check, wire and credit are given by the desk. The request
// travels in the query (no body to declare): its inputs check it with the spec's words, the amount as
// soon as it goes above the payment; the server also counts earlier refund requests.

export function RefundDialog({ payment, hasCustomer, onClose, onDone }: { payment: InvoicePayment; hasCustomer: boolean; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  return (
    <DeclaredDialog title={translate('invoices.refund_title', { amount: formatDollars(payment.amount) })} submitLabel="invoices.refund" submitColor="error" maxWidth="xs"
      endpoint={reversePayment} invalidates={INVOICE_WRITES} onClose={onClose} inputRules
      defaultValues={{ amount: payment.amount }}
      input={(values) => ({ params: { id: payment.ID }, query: { refund: '1' as const, p_type: values.p_type, amount: values.amount, reason: String(values.reason ?? '').trim() } })}
      onDone={onDone}>
      <RefundInputs payment={payment} hasCustomer={hasCustomer} />
    </DeclaredDialog>
  );
}

function RefundInputs({ payment, hasCustomer }: { payment: InvoicePayment; hasCustomer: boolean }) {
  const translate = useTranslate();
  const { trigger } = useFormContext();
  // The amount is checked as it is typed (spec 2 §5: marked as soon as it goes above the payment), not only on Refund.
  const amount = useWatch({ name: 'amount' }) as unknown;
  useEffect(() => { void trigger('amount'); }, [amount, trigger]);
  // Back to the card only for a payment taken through Square; customer credit only with a customer.
  const types = REFUND_METHODS.filter((m) => (m === 'card' ? CARD_PAYMENTS.has(payment.type) && Boolean(payment.square_id) : m !== 'credit' || hasCustomer));
  const amountProblem = (value: unknown) => {
    if (typeof value === 'number' && toCents(value) > toCents(payment.amount)) return PAYMENT_MESSAGES.refundTooMuch;
    return moneyProblem(value === null || value === undefined ? '' : Number(value), 'amount') ?? undefined;
  };
  return (
    <>
      <SelectInput source="p_type" isRequired label={translate('invoices.refund_type')} choices={types.map((m) => ({ id: m, name: `values.payment_methods.${m}` }))}
        validate={(value: unknown) => (value ? undefined : PAYMENT_MESSAGES.refundType)} />
      <NumberInput source="amount" label={translate('invoices.amount')} step={0.01} min={0} max={payment.amount} validate={amountProblem} />
      <TextInput source="reason" label={translate('invoices.refund_reason')} multiline />
    </>
  );
}
