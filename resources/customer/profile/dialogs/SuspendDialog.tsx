import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { nowSeconds } from '../../../../core/time';
import type { CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { suspendCustomer } from '../../../../core/api/customers';
import { useCustomerWrite, zoneOf } from '../useProfile';
import { dayInput, endOfDay, startOfDay } from './dates';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/** Suspend player: POST /customer/suspension for whole days, in the facility's time zone. */
export function SuspendDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const write = useCustomerWrite(suspendCustomer);
  const { run, notifySuccess } = useDialogs();
  const zone = zoneOf(customer);
  const [form, setForm] = useState({ from: dayInput(nowSeconds(), zone), until: dayInput(nowSeconds() + 7 * 86400, zone), foul: '', notes: '' });
  /** Per field: the i18n key of its message, or '' when it is fine. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.target.value });

  async function save() {
    const from = startOfDay(form.from, zone);
    const until = endOfDay(form.until, zone);
    const found = {
      from: from === null ? 'required' : '',
      until: until === null ? 'required' : from !== null && until < from ? 'until_before_from' : '',
      foul: form.foul.trim() ? '' : 'required',
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const suspension = { customer_id: customer.ID, from: from!, until: until!, foul: form.foul.trim(), notes: form.notes.trim() };
    if (!(await run(() => write.mutateAsync({ body: suspension })))) return;
    notifySuccess('customer_profile.saved');
    onClose();
  }

  const field = (key: 'from' | 'until' | 'foul') => ({
    error: Boolean(errors[key]),
    helperText: errors[key] ? translate(`customer_profile.suspend_dialog.${errors[key]}`) : undefined,
  });
  return (
    <FormDialog open={open} title="customer_profile.suspend_dialog.title" onClose={onClose} onSubmit={save}>
      <TextField type="date" label={translate('customer_profile.suspend_dialog.from')} value={form.from} onChange={set('from')} {...field('from')} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField type="date" label={translate('customer_profile.suspend_dialog.until')} value={form.until} onChange={set('until')} {...field('until')} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField label={translate('customer_profile.suspend_dialog.foul')} value={form.foul} onChange={set('foul')} {...field('foul')} />
      <TextField label={translate('customer_profile.suspend_dialog.notes')} value={form.notes} onChange={set('notes')} multiline minRows={2} />
    </FormDialog>
  );
}
