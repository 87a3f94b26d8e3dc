import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { discountOffers } from '../../core/api/discounts';
import { toCents } from '../../core/money';
import { FormDialog, useFormCall } from '../../src/kit/components/FormDialog';
import type { Message } from '../../src/kit/components/FormMessage';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useApplyDiscount } from './invoiceCalls';
import './messages';

// The Add discount dialog (spec 2 §2, §3): a discount of the list — those a rule offers for the
// invoice's facility, product type and date first — or a manual one (-1) with an amount and a comment.

const MANUAL = -1;

/** The message for a discount form, or null when it may be sent. */
export function discountProblem(discountId: number | '', amount: string, comment: string): Message | null {
  if (discountId === '') return { severity: 'error', text: 'invoices.required' };
  if (discountId !== MANUAL) return null;
  if (!amount || !comment.trim()) return { severity: 'error', text: 'invoices.manual_needs' };
  const value = Number(amount);
  if (!Number.isFinite(value) || toCents(value) <= 0) return { severity: 'error', text: 'invoices.amount_zero' };
  return null;
}

export function DiscountDialog({ invoiceId, onClose, onApplied }: { invoiceId: number; onClose(): void; onApplied(): void }) {
  const translate = useTranslate();
  const { data: offers = [] } = useDeclaredQuery('invoice', discountOffers, { query: { invoice_id: invoiceId } });
  const applyDiscount = useApplyDiscount();
  const [discountId, setDiscountId] = useState<number | ''>('');
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const { message, setMessage, busy, call } = useFormCall();

  const apply = async () => {
    const problem = discountProblem(discountId, amount, comment);
    if (problem) return setMessage(problem);
    const applied = await call(() => applyDiscount.mutateAsync({ body: discountId === MANUAL
      ? { invoice_id: invoiceId, discount_id: MANUAL, amount: Number(amount), comment: comment.trim() }
      : { invoice_id: invoiceId, discount_id: Number(discountId) } }));
    if (!applied) return;
    onApplied();
    onClose();
  };

  return (
    <FormDialog title="invoices.add_discount" submitLabel="invoices.add_discount" maxWidth="xs" onClose={onClose} onSubmit={() => void apply()} submitDisabled={busy} message={message}>
      <TextField select label={translate('invoices.discount_choice')} value={discountId} onChange={(e) => setDiscountId(Number(e.target.value))}>
        {offers.map((d) => (
          <MenuItem key={d.ID} value={d.ID}>
            {`${d.name} (${d.is_percentage ? `${d.value}%` : `$${d.value}`})${d.offered ? ` · ${translate('invoices.offered')}` : ''}`}
          </MenuItem>
        ))}
        <MenuItem value={MANUAL}>{translate('invoices.manual_discount')}</MenuItem>
      </TextField>
      {discountId === MANUAL && (
        <>
          <TextField type="number" label={translate('invoices.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} inputProps={{ step: '0.01' }} />
          <TextField label={translate('invoices.comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
        </>
      )}
    </FormDialog>
  );
}
