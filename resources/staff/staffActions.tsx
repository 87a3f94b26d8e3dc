import { Chip } from '@mui/material';
import { useDataProvider, useDelete, useGetIdentity, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { requestPasswordReset } from '../../core/api/auth';
import { ROLES, type Role } from '../../core/constants';
import { canAssignRole } from '../../core/permissions';
import type { TouchlineDataProvider } from '../../dataProvider';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// What a staff account shows and what may be done to it, on its row of the list and on its page.

export interface StaffRow extends RaRecord {
  email: string;
  user_type: string;
  first_name: string;
  last_name: string;
  phone: string;
  facility: { ID: number; name: string } | null;
  password_set: boolean;
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
export const fullName = (row: StaffRow) => `${row.first_name} ${row.last_name}`.trim();

/** The type badge (spec 1 §2: NONE for an unknown type). */
export function TypeBadge({ type }: { type: string }) {
  const translate = useTranslate();
  return isRole(type)
    ? <Chip size="small" color={type === 'admin' || type === 'manager' ? 'primary' : 'default'} label={translate(`staff.types.${type}`)} />
    : <Chip size="small" variant="outlined" label={translate('staff.none')} />;
}

/** Reset password, and what the signed-in member may do to an account (no one manages their own rank or above). */
export function useStaffActions() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<TouchlineDataProvider>();
  const [deleteOne] = useDelete<StaffRow>();
  const { identity } = useGetIdentity();
  const { confirm, confirmDelete, notifySuccess, run } = useDialogs();
  const { permissions: actor } = usePermissions<Role>();

  const mayManage = (row: StaffRow) => !!actor && isRole(row.user_type) && canAssignRole(actor, row.user_type);
  return {
    actor,
    mayManage,
    /** Deleting yourself is never offered. */
    mayDelete: (row: StaffRow) => mayManage(row) && row.id !== identity?.id,
    async resetPassword(row: StaffRow) {
      // The link is mailed at once: say to whom, and what it does, first.
      const message = translate('staff.reset_confirm', { name: fullName(row), email: row.email });
      if (!(await confirm({ title: translate('staff.reset_password'), message }))) return;
      if ((await run(() => dataProvider.call(requestPasswordReset, { query: { email: row.email } }))) === undefined) return;
      notifySuccess('staff.reset_sent', { short: true, messageArgs: { email: row.email } });
    },
    /** Deletes after asking; then the list (from the account's page) or nothing more (from the list). */
    async remove(row: StaffRow, { backToList = false } = {}) {
      if (!(await confirmDelete({ message: translate('staff.delete_message', { name: fullName(row) || row.email }) }))) return;
      const done = await run(() => deleteOne('staff', { id: row.id, previousData: row }, { mutationMode: 'pessimistic', returnPromise: true }));
      if (done === undefined) return;
      notifySuccess('staff.deleted', { short: true });
      if (backToList) navigate('/staff');
    },
  };
}
