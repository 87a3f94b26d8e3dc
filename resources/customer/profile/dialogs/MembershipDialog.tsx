import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BooleanInput, NumberInput, SelectInput, TextInput, usePermissions, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Role } from '../../../../core/constants';
import { createMembership, editMembership } from '../../../../core/api/memberships';
import { can } from '../../../../core/permissions';
import { nowSeconds } from '../../../../core/time';
import { useTouchlineDataProvider, type CustomerProfile, type Membership } from '../../../../dataProvider';
import { DeclaredDialog } from '../../../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { zoneOf } from '../useProfile';
import { dayInput, endOfDay } from './dates';
import '../messages';

// The Memberships tab's dialogs (spec 1 §5): each a form checked by its call's declaration, the spec's
// messages under their fields ('Please select a family member', 'Please select a valid date' …).

/** The customer and their family: who a membership can be for. */
function familyMembers(customer: CustomerProfile) {
  const people = new Map<number, string>([[customer.ID, `${customer.first_name} ${customer.last_name}`]]);
  for (const link of customer.family) {
    const other = link.parent_id === customer.ID ? link.child : link.parent;
    people.set(other.ID, `${other.first_name} ${other.last_name}`);
  }
  return [...people].map(([id, name]) => ({ id, name }));
}

const WRITES = ['customer', 'invoice'];

/** Add new membership: POST /membership, the holder picked among the family; free for admins. */
export function AddMembershipDialog({ onClose, customer }: { onClose(): void; customer: CustomerProfile }) {
  const { notifySuccess } = useDialogs();
  return (
    <DeclaredDialog title="customer_profile.membership_dialog.add_title" endpoint={createMembership} invalidates={WRITES} onClose={onClose}
      input={(values) => ({
        body: {
          sub_customer_id: values.sub_customer_id, member_customer_id: customer.ID, new_product_id: values.new_product_id,
          is_free: Boolean(values.is_free), amount: values.is_free ? undefined : values.amount,
        },
      })}
      onDone={() => notifySuccess('customer_profile.membership_dialog.added')}>
      <AddMembershipInputs customer={customer} />
    </DeclaredDialog>
  );
}

/** Family member, membership (its price fills the amount), amount, and Free for who may give one. */
function AddMembershipInputs({ customer }: { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const { setValue } = useFormContext();
  const free = Boolean(useWatch({ name: 'is_free' }));
  const { data: products = [] } = useQuery({ queryKey: ['membership-products'], queryFn: () => dataProvider.membershipProducts() });
  const t = (key: string) => translate(`customer_profile.membership_dialog.${key}`);
  const productId = useWatch({ name: 'new_product_id' }) as number | undefined;
  // A membership picked sets the amount to its price (which may then be changed).
  useEffect(() => {
    const product = products.find((p) => p.ID === productId);
    if (product) setValue('amount', product.base_price);
  }, [productId]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <SelectInput source="sub_customer_id" isRequired label={t('family_member')} choices={familyMembers(customer)} />
      <SelectInput source="new_product_id" isRequired label={t('product')} choices={products} optionValue="ID" optionText="name" />
      <NumberInput source="amount" label={t('amount')} step={0.01} disabled={free} />
      {can(role, 'memberships', 'free') && <BooleanInput source="is_free" label={t('free')} />}
    </>
  );
}

/** Edit membership (admins and managers): transfer to another family member, or extend. PUT /membership/{id}. */
export function EditMembershipDialog({ onClose, customer, membership }: { onClose(): void; customer: CustomerProfile; membership: Membership }) {
  const translate = useTranslate();
  const { notifySuccess } = useDialogs();
  const zone = zoneOf(customer);
  const t = (key: string) => translate(`customer_profile.membership_dialog.${key}`);
  return (
    <DeclaredDialog title="customer_profile.membership_dialog.edit_title" endpoint={editMembership} invalidates={WRITES} onClose={onClose}
      defaultValues={{ sub_customer_id: membership.sub_customer_id, until: dayInput(Math.max(membership.valid_until, nowSeconds()), zone) }}
      input={(values) => ({
        params: { id: membership.ID },
        body: {
          ...(values.sub_customer_id !== membership.sub_customer_id ? { sub_customer_id: values.sub_customer_id } : {}),
          // A cleared or impossible date is no instant: the declaration says so under it, before any call (spec 1 §5).
          valid_until: endOfDay(values.until ?? '', zone) ?? Number.NaN,
        },
      })}
      fieldOf={(path) => (path === 'valid_until' ? 'until' : path)}
      onDone={() => notifySuccess('customer_profile.membership_dialog.updated')}>
      <SelectInput source="sub_customer_id" isRequired label={t('transfer_to')} choices={familyMembers(customer)} />
      <TextInput source="until" type="date" label={t('valid_until')} InputLabelProps={{ shrink: true }} />
    </DeclaredDialog>
  );
}
