import { useState } from 'react';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, toCents } from '../../core/money';
import { FormDialog, useFormCall } from '../../src/kit/components/FormDialog';
import type { Message } from '../../src/kit/components/FormMessage';
import { useTouchlineDataProvider, type PaymentMethod } from '../../dataProvider';
import { useTakePayment } from './invoiceCalls';
import { CardForm } from './CardForm';
import { newIdempotencyKey } from '../../core/idempotencyKey';
import { moneyProblem } from './shared';
import { TerminalCheckout } from './TerminalCheckout';
import './messages';
import type { CustomerName } from '../../core/customer';

// The Add payment dialog (spec 2 §2, §5): cash, check (number), wire (transaction number), customer
// credit; on a team invoice, the player of the roster it is for (a team without players pays as the team). The spec's checks run before the call
// ('Amount cannot be 0', 'Amount cannot be greater than invoice balance', 'Not enough credits, customer
// has ${n} in credit.', a league payment's player); the server checks them again.
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
  /** A team invoice's roster: the payment is for one of these players. */
  players?: Array<CustomerName>;
}

/** The spec's message for a payment form, or null when it may be sent. */
export function paymentProblem(target: PaymentTarget, method: PaymentMethod, amount: number, fields: { number: string; transaction: string; player: number | '' }): Message | null {
  const problem = moneyProblem(amount, 'amount');
  if (problem) return { severity: 'error', text: problem };
  const cents = toCents(amount);
  if (cents > toCents(target.balance)) return { severity: 'error', text: 'invoices.amount_over_balance' };
  if (method === 'credit' && cents > toCents(target.credits ?? 0)) {
    return { severity: 'error', text: 'Not enough credits, customer has ${n} in credit.'.replace('${n}', formatMoney(toCents(target.credits ?? 0))) };
  }
  if (target.players?.length && !fields.player) return { severity: 'error', text: 'invoices.player_required' };
  if (method === 'check' && !fields.number.trim()) return { severity: 'error', text: 'invoices.check_number_required' };
  if (method === 'wire' && !fields.transaction.trim()) return { severity: 'error', text: 'invoices.transaction_number_required' };
  return null;
}

export function PaymentDialog({ target, onClose, onPaid }: { target: PaymentTarget; onClose(): void; onPaid(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [key] = useState(newIdempotencyKey);
  const takePayment = useTakePayment(key);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState(String(Math.max(target.balance, 0)));
  const [number, setNumber] = useState('');
  const [transaction, setTransaction] = useState('');
  const [player, setPlayer] = useState<number | ''>('');
  const { message, setMessage, busy, call } = useFormCall();
  const methods = METHODS.filter((m) => m !== 'credit' || target.credits !== null);
  const { data: square } = useQuery({ queryKey: ['squareConfig'], queryFn: () => dataProvider.squareConfig(), enabled: method === 'card', staleTime: 5 * 60_000 });
  const viaSquare = method === 'card' || method === 'terminal';
  const value = Number(amount);
  const amountProblem = paymentProblem(target, 'cash', value, { number: '', transaction: '', player: target.players ? player : 0 });

  const pay = async () => {
    const problem = paymentProblem(target, method, value, { number, transaction, player });
    if (problem) return setMessage(problem);
    const details: Record<string, string> | undefined = method === 'check' ? { number } : method === 'wire' ? { transaction_number: transaction } : undefined;
    if (!(await call(() => takePayment.mutateAsync({ body: { invoice_id: target.invoiceId, amount: value, type: method, details, ...(player ? { player_customer_id: player } : {}) } })))) return;
    onPaid();
    onClose();
  };

  return (
    <FormDialog title="invoices.add_payment" submitLabel="invoices.add_payment" maxWidth="xs" onClose={onClose} onSubmit={() => void pay()} submitDisabled={busy} hideSubmit={viaSquare} message={message}>
      <TextField select label={translate('invoices.method')} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
        {methods.map((m) => <MenuItem key={m} value={m}>{translate(`values.payment_methods.${m}`)}</MenuItem>)}
      </TextField>
      {target.players?.length === 0 && <Alert severity="info">{translate('invoices.team_payment')}</Alert>}
      {target.players && target.players.length > 0 && (
        <TextField select label={translate('invoices.player')} value={player} onChange={(e) => setPlayer(Number(e.target.value))}>
          {target.players.map((p) => <MenuItem key={p.ID} value={p.ID}>{`${p.first_name} ${p.last_name}`}</MenuItem>)}
        </TextField>
      )}
      <TextField type="number" label={translate('invoices.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} inputProps={{ step: '0.01' }} />
      {method === 'check' && <TextField label={translate('invoices.check_number')} value={number} onChange={(e) => setNumber(e.target.value)} />}
      {method === 'wire' && <TextField label={translate('invoices.transaction_number')} value={transaction} onChange={(e) => setTransaction(e.target.value)} />}
      {method === 'terminal' && (
        <TerminalCheckout invoiceId={target.invoiceId} facilityId={target.facilityId} amount={value} balance={target.balance} onPaid={onPaid} />
      )}
      {method === 'card' && square && (
        <CardForm config={square} cents={amountProblem ? 0 : toCents(value)} problem={amountProblem} charge={(charge) => dataProvider.chargeCard(target.invoiceId, charge)} onPaid={() => { onPaid(); onClose(); }} />
      )}
    </FormDialog>
  );
}
