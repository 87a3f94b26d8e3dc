import { Chip } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
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

/** A new random Idempotency-Key for a payment form. */
export const newIdempotencyKey = () => crypto.randomUUID();
