import { Button, IconButton, Link, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { nowSeconds } from '../../../../core/time';
import type { CustomerProfile, Membership } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { AddMembershipDialog, EditMembershipDialog } from '../dialogs/MembershipDialog';
import { TrialDialog } from '../dialogs/TrialDialog';
import { customerClasses, customerContracts, customerTrials, liftSuspension } from '../../../../core/api/customers';
import { customerChildDataConsent, customerWaivers } from '../../../../core/api/waivers';
import { RecordsTable } from '../RecordsTable';
import { dateOf, dateTimeOf, money, useCustomerList, useCustomerWrite, zoneOf } from '../useProfile';
import '../messages';

// The profile's list tabs (spec 1 §2, §7): contracts, memberships, classes, free trials, suspensions,
// waivers (issue 43 §6: those signed in the portal, with their version and time, under the parent's
// consent to share the children's data, §7).

type TabProps = { customer: CustomerProfile };
const useT = () => {
  const translate = useTranslate();
  return (key: string) => translate(`customer_profile.${key}`);
};

export function ContractsTab({ customer }: TabProps) {
  const t = useT();
  const { data, isPending } = useCustomerList(customer.ID, customerContracts);
  return (
    <RecordsTable label={t('tabs.contracts')} loading={isPending} rows={data} columns={[
      { label: 'customer_profile.columns.name', render: (c) => <Link component={RouterLink} to={`/contract/${c.ID}`}>{c.name}</Link> },
      { label: 'customer_profile.columns.type', render: (c) => c.product_type.name },
      { label: 'customer_profile.columns.fee', render: (c) => money(c.fee) },
      { label: 'customer_profile.columns.signed', render: (c) => t(c.signed ? 'yes' : 'no') },
      { label: 'customer_profile.columns.date', render: (c) => dateOf(c.CreatedAt, zoneOf(customer)) },
    ]} />
  );
}

export function MembershipsTab({ customer }: TabProps) {
  const t = useT();
  const { permissions: role } = usePermissions<Role>();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Membership | null>(null);
  const zone = zoneOf(customer);
  return (
    <Stack spacing={1}>
      <Button sx={{ alignSelf: 'flex-end' }} variant="contained" onClick={() => setAdding(true)}>{t('membership_dialog.add_title')}</Button>
      <RecordsTable label={t('tabs.memberships')} rows={customer.memberships} columns={[
        { label: 'customer_profile.columns.holder', render: (m) => `${m.holder.first_name} ${m.holder.last_name}` },
        { label: 'customer_profile.columns.product', render: (m) => m.product?.name ?? '—' },
        { label: 'customer_profile.columns.valid_until', render: (m) => dateOf(m.valid_until, zone) },
        { label: 'customer_profile.columns.valid', render: (m) => t(m.valid ? 'yes' : 'no') },
        { label: 'customer_profile.columns.free', render: (m) => t(m.is_free ? 'yes' : 'no') },
        {
          label: 'customer_profile.edit',
          render: (m) => can(role, 'memberships', 'edit') && (
            <IconButton size="small" aria-label={t('membership_dialog.edit_title')} onClick={() => setEditing(m)}><EditIcon fontSize="small" /></IconButton>
          ),
        },
      ]} />
      {adding && <AddMembershipDialog onClose={() => setAdding(false)} customer={customer} />}
      {editing && <EditMembershipDialog onClose={() => setEditing(null)} customer={customer} membership={editing} />}
    </Stack>
  );
}

export function ClassesTab({ customer }: TabProps) {
  const t = useT();
  const { data, isPending } = useCustomerList(customer.ID, customerClasses);
  const zone = zoneOf(customer);
  return (
    <RecordsTable label={t('tabs.classes')} loading={isPending} rows={data} columns={[
      { label: 'customer_profile.columns.class', render: (c) => <Link component={RouterLink} to={`/classes/${c.class.ID}`}>{c.class.name}</Link> },
      { label: 'customer_profile.columns.start', render: (c) => dateOf(c.class.start_date, zone) },
      { label: 'customer_profile.columns.end', render: (c) => dateOf(c.class.end_date, zone) },
    ]} />
  );
}

export function TrialsTab({ customer }: TabProps) {
  const t = useT();
  const { data, isPending } = useCustomerList(customer.ID, customerTrials);
  const [adding, setAdding] = useState(false);
  const zone = zoneOf(customer);
  return (
    <Stack spacing={1}>
      <Button sx={{ alignSelf: 'flex-end' }} variant="contained" onClick={() => setAdding(true)}>{t('trial_dialog.title')}</Button>
      <RecordsTable label={t('tabs.free_trials')} loading={isPending} rows={data} columns={[
        { label: 'customer_profile.columns.class', render: (c) => <Link component={RouterLink} to={`/classes/${c.class.ID}`}>{c.class.name}</Link> },
        { label: 'customer_profile.columns.event', render: (c) => dateTimeOf(c.event.start_date, zone) },
      ]} />
      {adding && <TrialDialog onClose={() => setAdding(false)} customer={customer} />}
    </Stack>
  );
}

export function SuspensionsTab({ customer }: TabProps) {
  const t = useT();
  const { run, confirm } = useDialogs();
  const liftOne = useCustomerWrite(liftSuspension);
  const zone = zoneOf(customer);
  const now = nowSeconds();

  async function lift(id: number) {
    if (!(await confirm({ message: 'customer_profile.lift' }))) return;
    await run(() => liftOne.mutateAsync({ params: { id } }));
  }

  return (
    <RecordsTable label={t('tabs.suspensions')} rows={customer.suspensions} columns={[
      { label: 'customer_profile.columns.from', render: (s) => dateTimeOf(s.from, zone) },
      { label: 'customer_profile.columns.until', render: (s) => dateTimeOf(s.until, zone) },
      { label: 'customer_profile.columns.foul', render: (s) => s.foul },
      { label: 'customer_profile.columns.notes', render: (s) => s.notes },
      { label: 'customer_profile.lift', render: (s) => s.until >= now && <Button size="small" onClick={() => lift(s.ID)}>{t('lift')}</Button> },
    ]} />
  );
}

export function WaiversTab({ customer }: TabProps) {
  const t = useT();
  const { data, isPending } = useCustomerList(customer.ID, customerWaivers);
  const zone = zoneOf(customer);
  return (
    <Stack spacing={1}>
      <ChildDataConsentLine customer={customer} />
      <RecordsTable label={t('tabs.waivers')} loading={isPending} rows={data} columns={[
        { label: 'customer_profile.columns.facility', render: (w) => w.facility.name },
        { label: 'customer_profile.columns.version', render: (w) => `${w.version_id}${w.current ? '' : ` (${t('waivers.outdated')})`}` },
        { label: 'customer_profile.columns.signed_at', render: (w) => dateTimeOf(w.signed_at, zone) },
        { label: 'customer_profile.columns.signed_by', render: (w) => `${w.full_name} (${w.signed_by.first_name} ${w.signed_by.last_name})` },
        { label: 'customer_profile.columns.origin', render: (w) => `${w.ip} · ${w.user_agent}` },
      ]} />
    </Stack>
  );
}

/** The customer's consent, as a parent, that their children's data may go to HubSpot and broadcasts (given in the portal). */
function ChildDataConsentLine({ customer }: TabProps) {
  const translate = useTranslate();
  const { data } = useCustomerList(customer.ID, customerChildDataConsent);
  if (!data) return null;
  return (
    <Typography>
      {data.given_at === null
        ? translate('customer_profile.waivers.consent_not_given')
        : translate('customer_profile.waivers.consent_given', { date: dateOf(data.given_at, zoneOf(customer)) })}
    </Typography>
  );
}
