import { TextInput, useTranslate } from 'react-admin';
import { updateCustomerEmail } from '../../../../core/api/customers';
import { customerEmailProblem } from '../../../../core/validation/customer';
import type { CustomerProfile } from '../../../../dataProvider';
import { DeclaredDialog } from '../../../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import '../messages';

/**
 * Edit customer email: PUT /customer/email/{id}?email=; 'Email confirmation sent'. The address travels
 * in the query (no body to declare): the input checks it by the handler's own rule, with the spec's words.
 */
export function EmailDialog({ onClose, customer }: { onClose(): void; customer: CustomerProfile }) {
  const translate = useTranslate();
  const { notifySuccess } = useDialogs();
  return (
    <DeclaredDialog title="customer_profile.email_dialog.title" endpoint={updateCustomerEmail} invalidates={['customer']} onClose={onClose} inputRules
      defaultValues={{ email: customer.email }}
      input={(values) => ({ params: { id: customer.ID }, query: { email: String(values.email ?? '').trim() } })}
      onDone={() => notifySuccess('customer_profile.email_dialog.confirmation_sent')}>
      <TextInput source="email" type="email" label={translate('customer_profile.email')} autoFocus
        validate={(value: unknown) => customerEmailProblem(String(value ?? '')) ?? undefined} />
    </DeclaredDialog>
  );
}
