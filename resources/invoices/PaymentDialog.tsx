import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, toCents } from '../../core/money';
import { FormMessage, type Message } from '../../src/components/FormMessage';
import { useTouchlineDataProvider, type PaymentMethod } from '../../dataProvider';
import { CardForm } from './CardForm';
import { newIdempotencyKey } from './shared';
import { TerminalCheckout } from './TerminalCheckout';

// The Add payment dialog (spec 2 §2, §5): cash, check (number), wire (transaction number), customer
// credit. The spec's checks run before the call ('Amount cannot be 0', 'Amount cannot be greater than
// invoice balance', 'Not enough credits, customer has ${n} in credit.'); the server checks them again.
// Each opening carries one Idempotency-Key: a second click or a retry charges once. Card and terminal
// go through Square (CardForm, TerminalCheckout), which record the payment themselves.

const METHODS: PaymentMethod[] = ['cash', 'check', 'wire', 'credit', 'card', 'terminal'];

export interface PaymentTarget {
  invoiceId: number;
  facilityId: number;
  /** Dollars still owed. */
  balance: number;
  /** The customer's credits in dollars, when the invoice has a customer. */
  credits: number | null;
}

/** The spec's message for a payment form, or null when it may be sent. */
export function paymentProblem(target: PaymentTarget, method: PaymentMethod, amount: number, fields: { number: string; transaction: string }): Message | null {
  const cents = Number.isFinite(amount) ? toCents(amount) : 0;
  if (cents <= 0) return { severity: 'error', text: 'invoices.amount_zero' };
  if (cents > toCents(target.balance)) return { severity: 'error', text: 'invoices.amount_over_balance' };
  if (method === 'credit' && cents > toCents(target.credits ?? 0)) {
    return { severity: 'error', text: 'Not enough credits, customer has ${n} in credit.'.replace('${n}', formatMoney(toCents(target.credits ?? 0))) };
  }
  if (method === 'check' && !fields.number.trim()) return { severity: 'error', text: 'invoices.check_number_required' };
  if (method === 'wire' && !fields.transaction.trim()) return { severity: 'error', text: 'invoices.transaction_number_required' };
  return null;
}

export function PaymentDialog({ target, onClose, onPaid }: { target: PaymentTarget; onClose(): void; onPaid(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [key] = useState(newIdempotencyKey);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState(String(Math.max(target.balance, 0)));
  const [number, setNumber] = useState('');
  const [transaction, setTransaction] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const methods = METHODS.filter((m) => m !== 'credit' || target.credits !== null);
  const { data: square } = useQuery({ queryKey: ['squareConfig'], queryFn: () => dataProvider.squareConfig(), enabled: method === 'card', staleTime: 5 * 60_000 });
  const viaSquare = method === 'card' || method === 'terminal';
  const value = Number(amount);
  const amountProblem = paymentProblem(target, 'cash', value, { number: '', transaction: '' });

  const pay = async () => {
    const value = Number(amount);
    const problem = paymentProblem(target, method, value, { number, transaction });
    if (problem) return setMessage(problem);
    setBusy(true);
    try {
      const details = method === 'check' ? { number } : method === 'wire' ? { transaction_number: transaction } : undefined;
      await dataProvider.takePayment({ invoice_id: target.invoiceId, amount: value, type: method, details }, key);
      onPaid();
      onClose();
    } catch (error) {
      setMessage({ severity: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('invoices.add_payment')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={translate('invoices.method')} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {methods.map((m) => <MenuItem key={m} value={m}>{translate(`invoices.methods.${m}`)}</MenuItem>)}
          </TextField>
          <TextField type="number" label={translate('invoices.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} inputProps={{ step: '0.01' }} />
          {method === 'check' && <TextField label={translate('invoices.check_number')} value={number} onChange={(e) => setNumber(e.target.value)} />}
          {method === 'wire' && <TextField label={translate('invoices.transaction_number')} value={transaction} onChange={(e) => setTransaction(e.target.value)} />}
          {method === 'terminal' && (
            <TerminalCheckout invoiceId={target.invoiceId} facilityId={target.facilityId} amount={value} balance={target.balance} onPaid={onPaid} />
          )}
          {method === 'card' && square && (
            <CardForm config={square} cents={amountProblem ? 0 : toCents(value)} problem={amountProblem} charge={(charge) => dataProvider.chargeCard(target.invoiceId, charge)} onPaid={() => { onPaid(); onClose(); }} />
          )}
          <FormMessage message={message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('invoices.cancel')}</Button>
        {!viaSquare && <Button variant="contained" onClick={() => void pay()} disabled={busy}>{translate('invoices.add_payment')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
