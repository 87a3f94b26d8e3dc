import { Chip } from '@mui/material';
import { useGetList, useTranslate, type TranslateFunction } from 'react-admin';
import type { PaymentMethod } from '../../core/constants';
import { isWholeCents, MAX_DOLLARS } from '../../core/money';
import { fromDateInput, money, toDateInput } from '../../src/kit/components/format';
import './messages';

// Small pieces the invoice screens share.

export { fromDateInput, money, toDateInput } from '../../src/kit/components/format';

/** The invoice's instant moved to another day (YYYY-MM-DD): the day changes, the time of day stays. */
export const dateOnDay = (date: number, day: string) => fromDateInput(day) + (date - fromDateInput(toDateInput(date)));

/** Product types the Add new invoice dialog hides (spec 2 §2). */
const HIDDEN_TYPES = new Set(['', 'Bar', 'testProduct']);

export function useProductTypes(forNewInvoice = false) {
  const { data = [] } = useGetList<{ id: number; ID: number; name: string }>(
    'product_types',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { staleTime: 5 * 60_000 },
  );
  return forNewInvoice ? data.filter((t) => !HIDDEN_TYPES.has(t.name.trim())) : data;
}

/**
 * Balance ≤ 0: green "paid"; else red "owed" (spec 2 §2) — unless a cancelled booking's money all went
 * back: then nothing is owed, and it reads "refunded" (issue 41 m29).
 */
export function BalanceChip({ balance, state }: { balance: number; state?: 'paid' | 'owed' | 'refunded' }) {
  const translate = useTranslate();
  if (state === 'refunded') return <Chip size="small" color="default" label={translate('invoices.refunded_label')} data-testid="balance-chip" />;
  const paid = balance <= 0;
  return <Chip size="small" color={paid ? 'success' : 'error'} label={`${money(balance)} ${translate(paid ? 'invoices.paid_label' : 'invoices.owed_label')}`} data-testid="balance-chip" />;
}

/**
 * A payment's Method column: its method, or for a refund the method the money went back by ("Refund
 * (card)") and for a reversal the payment it cancels ("Reversal of payment #12"), so that neither reads
 * as a plain payment.
 */
export function paymentLabel(translate: TranslateFunction, p: { type: PaymentMethod; reversal: number | null; refund: number | null }) {
  if (p.reversal) return translate('invoices.reversal_of', { id: p.reversal });
  const method = translate(`values.payment_methods.${p.type}`);
  return p.refund ? translate('invoices.refund_of', { method: method.toLocaleLowerCase() }) : method;
}

/**
 * What is wrong with a money field's value, as the i18n key of a message naming the field ("Amount: at
 * most two decimals", "Amount must be more than 0", "Price: at most $1,000,000.00", "Amount: Required"),
 * or null. Nothing is rounded: three decimals are refused, as the server refuses them. Zero is the
 * spec's 'Amount cannot be 0' unless `allowZero`.
 */
export function moneyProblem(value: string | number, field: 'amount' | 'price', { allowZero = false } = {}): string | null {
  if (typeof value === 'string' && value.trim() === '') return `invoices.problems.${field}_required`;
  const dollars = Number(value);
  if (!Number.isFinite(dollars)) return `invoices.problems.${field}_required`;
  if (!isWholeCents(dollars)) return `invoices.problems.${field}_decimals`;
  if (dollars > MAX_DOLLARS) return `invoices.problems.${field}_too_much`;
  if (dollars === 0 && !allowZero) return 'invoices.amount_zero';
  if (dollars < 0) return `invoices.problems.${field}_positive`;
  return null;
}
