import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { updateCustomerNote } from '../../../../core/api/customers';
import { useCustomerWrite } from '../useProfile';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/** The customer's note: PUT /customer/note/{id}. */
export function NoteDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const write = useCustomerWrite(updateCustomerNote);
  const { run, notifySuccess } = useDialogs();
  const [note, setNote] = useState(customer.note);

  async function save() {
    if (!(await run(() => write.mutateAsync({ params: { id: customer.ID }, body: { note } })))) return;
    notifySuccess('customer_profile.saved');
    onClose();
  }

  return (
    <FormDialog open={open} title="customer_profile.note_dialog.title" onClose={onClose} onSubmit={save}>
      <TextField label={translate('customer_profile.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={3} autoFocus />
    </FormDialog>
  );
}
