import { InputAdornment, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isWholeCents, toCents, toDollars } from '../../../../core/money';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/layout/dialogs';
import { money, useRefreshProfile } from '../useProfile';
import { FormDialog, type ProfileDialogProps } from './FormDialog';

/**
 * Add credit (admins): PUT /customer/{id} with only credits, the new balance, for the version of the
 * customer this dialog showed. If someone changed the customer meanwhile the server refuses (412) and
 * the profile reloads, so the admin sees the current balance before trying again.
 */
export function CreditDialog({ open, onClose, customer }: ProfileDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile(customer.ID);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const added = Number(amount);
  const valid = amount.trim() !== '' && added > 0 && isWholeCents(added);
  const balance = toDollars(toCents(customer.credits) + (valid ? toCents(added) : 0));

  async function save() {
    setInvalid(!valid);
    if (!valid) return;
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
        error={invalid}
        helperText={invalid ? translate('customer_profile.credit_dialog.invalid') : undefined}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        autoFocus
      />
      <Typography>{translate('customer_profile.credit_dialog.new_balance', { amount: money(balance) })}</Typography>
    </FormDialog>
  );
}
