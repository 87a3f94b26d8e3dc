import { InputAdornment, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isWholeCents, MAX_DOLLARS, toCents, toDollars } from '../../../../core/money';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { money, useRefreshProfile } from '../useProfile';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/**
 * Add credit (admins): PUT /customer/{id} with only credits, the new balance, for the version of the
 * customer this dialog showed. If someone changed the customer meanwhile the server refuses (412) and
 * the profile reloads, so the admin sees the current balance before trying again.
 */
/** What is wrong with a typed amount, given the current balance in dollars; null when it can be added. */
export function creditProblem(amount: string, balance: number): 'invalid' | 'decimals' | 'too_much' | null {
  const added = Number(amount.trim());
  if (amount.trim() === '' || !Number.isFinite(added) || added <= 0) return 'invalid';
  if (!isWholeCents(added)) return 'decimals';
  // The new balance is what is sent: it must stay within one amount's ceiling too.
  if (added > MAX_DOLLARS || toCents(balance) + toCents(added) > toCents(MAX_DOLLARS)) return 'too_much';
  return null;
}

export function CreditDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problem = creditProblem(amount, customer.credits);
  // Said as soon as something is typed (an empty box only complains on Save); the preview only for an amount that can be added.
  const shown = problem && (submitted || amount.trim() !== '') ? problem : null;
  const balance = toDollars(toCents(customer.credits) + (problem ? 0 : toCents(Number(amount))));

  async function save() {
    setSubmitted(true);
    if (problem) return;
    if (!(await run(() => dataProvider.updateCustomer(customer.ID, { credits: balance }, customer.version)))) {
      await refresh();
      return;
    }
    notifySuccess('customer_profile.saved');
    await refresh();
    onClose();
  }

  return (
    <FormDialog open={open} title="customer_profile.credit_dialog.title" onClose={onClose} onSubmit={save}>
      <TextField
        label={translate('customer_profile.credit_dialog.amount')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        inputMode="decimal"
        error={shown !== null}
        helperText={shown ? translate(`customer_profile.credit_dialog.${shown}`, { max: '$1,000,000' }) : undefined}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        autoFocus
      />
      {!problem && <Typography>{translate('customer_profile.credit_dialog.new_balance', { amount: money(balance) })}</Typography>}
    </FormDialog>
  );
}
