import { Chip } from '@mui/material';
import { useGetList, useTranslate, type TranslateFunction } from 'react-admin';
import type { PaymentMethod } from '../../core/constants';
import { money } from '../../src/components/format';
import './messages';

// Small pieces the invoice screens share.

export { fromDateInput, money, toDateInput } from '../../src/components/format';

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

/** Balance ≤ 0: green "paid"; else red "owed" (spec 2 §2). */
export function BalanceChip({ balance }: { balance: number }) {
  const translate = useTranslate();
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
  const method = translate(`invoices.methods.${p.type}`);
  return p.refund ? translate('invoices.refund_of', { method: method.toLocaleLowerCase() }) : method;
}

/** A new random Idempotency-Key for a payment form. */
export const newIdempotencyKey = () => crypto.randomUUID();
