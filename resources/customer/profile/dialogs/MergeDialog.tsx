import { Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { isKidCustomer } from '../../../../core/validation/customer';
import { CustomerPicker, customerLabel } from '../../../../src/kit/components/CustomerPicker';
import type { CustomerProfile, CustomerSummary } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { mergeCustomers } from '../../../../core/api/customers';
import { useCustomerWrite } from '../useProfile';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';
import { shownEmail } from '../../../../src/kit/components/ContactText';

/** Merge customer: pick the duplicates with the search; POST /customer/merge/{id}; 'Customers merged!'. */
export function MergeDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const write = useCustomerWrite(mergeCustomers);
  const { confirm, run, notifySuccess, showError } = useDialogs();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<CustomerSummary[]>([]);
  const kid = isKidCustomer(customer);
  /** A duplicate is another customer of the same kind: adults merge with adults, children with children. */
  const isDuplicateCandidate = (c: CustomerSummary) => c.ID !== customer.ID && isKidCustomer(c) === kid && !picked.some((p) => p.ID === c.ID);

  async function merge() {
    if (picked.length === 0) return showError(new Error(translate('customer_profile.merge_dialog.none')));
    // A merge deletes the picked customers: name them, and what happens, before it is done.
    const confirmed = await confirm({
      title: translate('customer_profile.merge_dialog.confirm_title'),
      message: translate('customer_profile.merge_dialog.confirm', {
        smart_count: picked.length,
        names: picked.map((c) => `${customerLabel(c)} (#${c.ID})`).join(', '),
        name: `${customer.first_name} ${customer.last_name}`,
      }),
    });
    if (!confirmed) return;
    if (!(await run(() => write.mutateAsync({ params: { id: customer.ID }, body: { customer_ids: picked.map((c) => c.ID) } })))) return;
    notifySuccess('customer_profile.merge_dialog.merged');
    setPicked([]);
    onClose();
    navigate(`/customer/${customer.ID}`, { replace: true });
  }

  return (
    <FormDialog open={open} title="customer_profile.merge_dialog.title" onClose={onClose} onSubmit={merge} submitLabel="customer_profile.merge">
      <Typography variant="body2">{translate('customer_profile.merge_dialog.help', { name: `${customer.first_name} ${customer.last_name}` })}</Typography>
      <CustomerPicker
        label={translate('customer_profile.merge_dialog.pick')}
        value={null}
        accept={isDuplicateCandidate}
        onChange={(c) => c && setPicked([...picked, c])}
      />
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {picked.map((c) => (
          <Chip key={c.ID} label={`${customerLabel(c)} · ${shownEmail(c.email) || '—'} · #${c.ID}`} onDelete={() => setPicked(picked.filter((p) => p.ID !== c.ID))} />
        ))}
      </Stack>
    </FormDialog>
  );
}
