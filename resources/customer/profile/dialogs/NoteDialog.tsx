import { TextInput, useTranslate } from 'react-admin';
import { updateCustomerNote } from '../../../../core/api/customers';
import type { CustomerProfile } from '../../../../dataProvider';
import { DeclaredDialog } from '../../../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import '../messages';

/** The customer's note: PUT /customer/note/{id}, checked by its declaration (its length). */
export function NoteDialog({ onClose, customer }: { onClose(): void; customer: CustomerProfile }) {
  const translate = useTranslate();
  const { notifySuccess } = useDialogs();
  return (
    <DeclaredDialog title="customer_profile.note_dialog.title" endpoint={updateCustomerNote} invalidates={['customer']} onClose={onClose}
      defaultValues={{ note: customer.note }}
      input={(values) => ({ params: { id: customer.ID }, body: { note: values.note ?? '' } })}
      onDone={() => notifySuccess('customer_profile.saved')}>
      <TextInput source="note" label={translate('customer_profile.note')} multiline minRows={3} autoFocus />
    </DeclaredDialog>
  );
}
