import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CARD_PAYMENTS, REFUND_METHODS } from '../../core/constants';
import { formatDollars, toCents } from '../../core/money';
import { FormDialog, useFormCall } from '../../src/kit/components/FormDialog';
import type { InvoicePayment, PaymentMethod } from '../../dataProvider';
import { useRefundPayment } from './invoiceCalls';
import { moneyProblem } from './shared';
import './messages';

// The refund request (spec 2 §5): type, amount and reason, sent as DELETE /payment/{id}?refund=1 and
// recorded Pending for the refund review (to customer credit: confirmed at once). Refund to "Card" goes
// back through Square on confirmation; cash, check, wire and credit are given by the desk. The amount field
// says so as soon as it goes above the payment; the server also counts earlier refund requests.

export function RefundDialog({ payment, hasCustomer, onClose, onDone }: { payment: InvoicePayment; hasCustomer: boolean; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  const refundPayment = useRefundPayment();
  const [type, setType] = useState<PaymentMethod | ''>('');
  const [amount, setAmount] = useState(String(payment.amount));
  const [reason, setReason] = useState('');
  const { message, setMessage, busy, call } = useFormCall();
  // Back to the card only for a payment taken through Square; customer credit only with a customer.
  const types = REFUND_METHODS.filter((m) => (m === 'card' ? CARD_PAYMENTS.has(payment.type) && Boolean(payment.square_id) : m !== 'credit' || hasCustomer));
  const value = Number(amount);
  const tooMuch = Number.isFinite(value) && toCents(value) > toCents(payment.amount);

  const refund = async () => {
    if (!type) return setMessage({ severity: 'error', text: 'invoices.refund_type_required' });
    if (tooMuch) return setMessage({ severity: 'error', text: 'invoices.refund_too_much' });
    const problem = moneyProblem(amount, 'amount');
    if (problem) return setMessage({ severity: 'error', text: problem });
    if (!(await call(() => refundPayment.mutateAsync({ params: { id: payment.ID }, query: { refund: '1', p_type: type, amount: value, reason: reason.trim() } })))) return;
    onDone();
    onClose();
  };

  return (
    <FormDialog title={translate('invoices.refund_title', { amount: formatDollars(payment.amount) })} submitLabel="invoices.refund" submitColor="error" maxWidth="xs"
      onClose={onClose} onSubmit={() => void refund()} submitDisabled={busy} message={message}>
      <TextField select label={translate('invoices.refund_type')} value={type} onChange={(e) => setType(e.target.value as PaymentMethod)}>
        {types.map((m) => <MenuItem key={m} value={m}>{translate(`values.payment_methods.${m}`)}</MenuItem>)}
      </TextField>
      <TextField type="number" label={translate('invoices.amount')} value={amount} onChange={(e) => setAmount(e.target.value)}
        error={tooMuch} helperText={tooMuch ? translate('invoices.refund_too_much') : ' '} inputProps={{ step: '0.01', min: 0, max: payment.amount }} />
      <TextField label={translate('invoices.refund_reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline />
    </FormDialog>
  );
}
