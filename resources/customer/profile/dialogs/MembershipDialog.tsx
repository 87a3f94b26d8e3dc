import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { nowSeconds } from '../../../../core/time';
import { useTouchlineDataProvider, type CustomerProfile, type Membership } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { useRefreshProfile, zoneOf } from '../useProfile';
import { dayInput, endOfDay } from './dates';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/** The customer and their family: who a membership can be for. */
function familyMembers(customer: CustomerProfile) {
  const people = new Map<number, string>([[customer.ID, `${customer.first_name} ${customer.last_name}`]]);
  for (const link of customer.family) {
    const other = link.parent_id === customer.ID ? link.child : link.parent;
    people.set(other.ID, `${other.first_name} ${other.last_name}`);
  }
  return [...people].map(([ID, name]) => ({ ID, name }));
}

/** Add new membership: POST /membership, the holder picked among the family; free for admins. */
export function AddMembershipDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile();
  const { data: products = [] } = useQuery({ queryKey: ['membership-products'], queryFn: () => dataProvider.membershipProducts(), enabled: open });
  const [holder, setHolder] = useState<number | ''>('');
  const [productId, setProductId] = useState<number | ''>('');
  const [amount, setAmount] = useState('');
  const [free, setFree] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function pickProduct(id: number) {
    setProductId(id);
    const product = products.find((p) => p.ID === id);
    if (product) setAmount(String(product.base_price));
  }

  async function save() {
    const problem = !holder ? 'select_family_member' : !productId ? 'not_added' : !free && !(Number(amount) > 0) ? 'amount_required' : null;
    setError(problem);
    if (problem || !productId) return;
    const membership = { sub_customer_id: holder || undefined, member_customer_id: customer.ID, new_product_id: productId, is_free: free, amount: free ? undefined : Number(amount) };
    if (!(await run(() => dataProvider.addMembership(membership)))) return;
    notifySuccess('customer_profile.membership_dialog.added');
    await refresh();
    onClose();
  }

  const t = (key: string) => translate(`customer_profile.membership_dialog.${key}`);
  return (
    <FormDialog open={open} title="customer_profile.membership_dialog.add_title" onClose={onClose} onSubmit={save}>
      <TextField select label={t('family_member')} value={holder} onChange={(e) => setHolder(Number(e.target.value))}
        error={error === 'select_family_member'} helperText={error === 'select_family_member' ? t('select_family_member') : undefined}>
        {familyMembers(customer).map((p) => <MenuItem key={p.ID} value={p.ID}>{p.name}</MenuItem>)}
      </TextField>
      <TextField select label={t('product')} value={productId} onChange={(e) => pickProduct(Number(e.target.value))}
        error={error === 'not_added'} helperText={error === 'not_added' ? t('not_added') : undefined}>
        {products.map((p) => <MenuItem key={p.ID} value={p.ID}>{p.name}</MenuItem>)}
      </TextField>
      <TextField label={t('amount')} value={free ? '' : amount} onChange={(e) => setAmount(e.target.value)} disabled={free} inputMode="decimal"
        error={error === 'amount_required'} helperText={error === 'amount_required' ? t('amount_required') : undefined} />
      {can(role, 'memberships', 'free') && (
        <FormControlLabel control={<Switch checked={free} onChange={(e) => setFree(e.target.checked)} />} label={t('free')} />
      )}
    </FormDialog>
  );
}

/** Edit membership (admins and managers): transfer to another family member, or extend. PUT /membership/{id}. */
export function EditMembershipDialog({ open, onClose, customer, membership }: OpenDialogProps & { customer: CustomerProfile; membership: Membership }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile();
  const zone = zoneOf(customer);
  const [holder, setHolder] = useState<number>(membership.sub_customer_id);
  const [until, setUntil] = useState(dayInput(Math.max(membership.valid_until, nowSeconds()), zone));
  const [dateError, setDateError] = useState(false);

  async function save() {
    // A cleared or impossible date is caught here, before any call (spec 1 §5).
    const valid_until = endOfDay(until, zone);
    setDateError(valid_until === null);
    if (valid_until === null) return;
    const change = { ...(holder !== membership.sub_customer_id ? { sub_customer_id: holder } : {}), valid_until };
    if (!(await run(() => dataProvider.editMembership(membership.ID, change)))) return;
    notifySuccess('customer_profile.membership_dialog.updated');
    await refresh();
    onClose();
  }

  const t = (key: string) => translate(`customer_profile.membership_dialog.${key}`);
  return (
    <FormDialog open={open} title="customer_profile.membership_dialog.edit_title" onClose={onClose} onSubmit={save}>
      <TextField select label={t('transfer_to')} value={holder} onChange={(e) => setHolder(Number(e.target.value))}>
        {familyMembers(customer).map((p) => <MenuItem key={p.ID} value={p.ID}>{p.name}</MenuItem>)}
      </TextField>
      <TextField type="date" label={t('valid_until')} value={until} onChange={(e) => setUntil(e.target.value)} slotProps={{ inputLabel: { shrink: true } }}
        error={dateError} helperText={dateError ? t('invalid_date') : undefined} />
    </FormDialog>
  );
}
