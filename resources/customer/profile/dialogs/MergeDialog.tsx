import { Chip, Stack, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { mergeCustomers } from '../../../../core/api/customers';
import { isKidCustomer } from '../../../../core/validation/customer';
import type { CustomerProfile, CustomerSummary } from '../../../../dataProvider';
import { shownEmail } from '../../../../src/kit/components/ContactText';
import { CustomerPicker, customerLabel } from '../../../../src/kit/components/CustomerPicker';
import { DeclaredDialog, type DialogValues } from '../../../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import '../messages';

/**
 * Merge customer: pick the duplicates with the search; POST /customer/merge/{id}, whose declaration
 * says 'No customers selected for merging' under the picker; confirmed first; 'Customers merged!'.
 */
export function MergeDialog({ onClose, customer }: { onClose(): void; customer: CustomerProfile }) {
  const translate = useTranslate();
  const { confirm, notifySuccess } = useDialogs();
  const navigate = useNavigate();
  const name = `${customer.first_name} ${customer.last_name}`;
  const pickedOf = (values: DialogValues) => (values.picked ?? []) as CustomerSummary[];
  return (
    <DeclaredDialog title="customer_profile.merge_dialog.title" submitLabel="customer_profile.merge" endpoint={mergeCustomers} invalidates={['customer']} onClose={onClose}
      input={(values) => ({ params: { id: customer.ID }, body: { customer_ids: pickedOf(values).map((c) => c.ID) } })}
      fieldOf={(path) => (path.startsWith('customer_ids') ? 'picked' : path)}
      // A merge deletes the picked customers: name them, and what happens, before it is done.
      confirm={(values) => confirm({
        title: translate('customer_profile.merge_dialog.confirm_title'),
        message: translate('customer_profile.merge_dialog.confirm', {
          smart_count: pickedOf(values).length, names: pickedOf(values).map((c) => `${customerLabel(c)} (#${c.ID})`).join(', '), name,
        }),
      })}
      onDone={() => {
        notifySuccess('customer_profile.merge_dialog.merged');
        navigate(`/customer/${customer.ID}`, { replace: true });
      }}>
      <Typography variant="body2">{translate('customer_profile.merge_dialog.help', { name })}</Typography>
      <DuplicatesInput customer={customer} />
    </DeclaredDialog>
  );
}

/** The duplicates picked so far (the form's `picked`), each a chip that can be taken off, and the search for more. */
function DuplicatesInput({ customer }: { customer: CustomerProfile }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<CustomerSummary[]>({ source: 'picked', defaultValue: [] });
  const picked: CustomerSummary[] = field.value ?? [];
  const kid = isKidCustomer(customer);
  /** A duplicate is another customer of the same kind: adults merge with adults, children with children. */
  const isDuplicateCandidate = (c: CustomerSummary) => c.ID !== customer.ID && isKidCustomer(c) === kid && !picked.some((p) => p.ID === c.ID);
  const error = fieldState.error?.message;
  return (
    <>
      <CustomerPicker label={translate('customer_profile.merge_dialog.pick')} value={null} accept={isDuplicateCandidate}
        error={error ? translate(error, { _: error }) : undefined} onChange={(c) => c && field.onChange([...picked, c])} />
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {picked.map((c) => (
          <Chip key={c.ID} label={`${customerLabel(c)} · ${shownEmail(c.email) || '—'} · #${c.ID}`} onDelete={() => field.onChange(picked.filter((p) => p.ID !== c.ID))} />
        ))}
      </Stack>
    </>
  );
}
