import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CHILD_EMAIL_MARKER, isValidCustomerEmail } from '../../../../core/validation/customer';
import type { CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { updateCustomerEmail } from '../../../../core/api/customers';
import { useCustomerWrite } from '../useProfile';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/** The error key of an email typed in the Edit customer email dialog (spec 1 §5), or null. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return 'customer_profile.email_dialog.invalid';
  if (email.includes(CHILD_EMAIL_MARKER)) return 'customer_profile.email_dialog.parent_only';
  return isValidCustomerEmail(email) ? null : 'customer_profile.email_dialog.invalid';
}

/** Edit customer email: PUT /customer/email/{id}?email=; 'Email confirmation sent'. */
export function EmailDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const write = useCustomerWrite(updateCustomerEmail);
  const { run, notifySuccess } = useDialogs();
  const [email, setEmail] = useState(customer.email);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    const problem = emailError(email);
    setError(problem);
    if (problem) return;
    if (!(await run(() => write.mutateAsync({ params: { id: customer.ID }, query: { email: email.trim() } })))) return;
    notifySuccess('customer_profile.email_dialog.confirmation_sent');
    onClose();
  }

  return (
    <FormDialog open={open} title="customer_profile.email_dialog.title" onClose={onClose} onSubmit={save}>
      <TextField
        label={translate('customer_profile.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(error)}
        helperText={error ? translate(error) : undefined}
        autoFocus
      />
    </FormDialog>
  );
}
