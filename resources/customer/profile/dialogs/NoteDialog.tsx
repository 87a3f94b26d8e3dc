import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/layout/dialogs';
import { useRefreshProfile } from '../useProfile';
import { FormDialog, type OpenDialogProps } from '../../../../src/components/FormDialog';
import '../messages';

/** The customer's note: PUT /customer/note/{id}. */
export function NoteDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile();
  const [note, setNote] = useState(customer.note);

  async function save() {
    if (!(await run(() => dataProvider.updateCustomerNote(customer.ID, note)))) return;
    notifySuccess('customer_profile.saved');
    await refresh();
    onClose();
  }

  return (
    <FormDialog open={open} title="customer_profile.note_dialog.title" onClose={onClose} onSubmit={save}>
      <TextField label={translate('customer_profile.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={3} autoFocus />
    </FormDialog>
  );
}
