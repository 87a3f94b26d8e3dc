import { useState } from 'react';
import { Button, Chip, IconButton, Link, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable, List, Pagination, SearchInput, SelectInput, TopToolbar, useGetIdentity, usePermissions, useRefresh, useTranslate,
  type RaRecord,
} from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, ROLES, type Role } from '../../core/constants';
import { can, canAssignRole } from '../../core/permissions';
import { formatUsPhone } from '../../core/validation/phone';
import { useTouchlineDataProvider } from '../../dataProvider';
import { FacilityScope } from '../../src/components/FacilityScope';
import { useDialogs } from '../../src/layout/dialogs';
import { StaffDialog, type StaffTarget } from './StaffDialog';
import { useFacilityChoices } from '../../src/layout/facilities';
import './messages';

// /staff (spec 1 §2): filters (text, facility for admins, user type), Add new, and the table: name,
// facility, email, phone, type badge (NONE for an unknown type), password set with a Reset password
// link, edit, delete.

interface StaffRow extends RaRecord {
  email: string;
  user_type: string;
  first_name: string;
  last_name: string;
  phone: string;
  facility: { ID: number; name: string } | null;
  password_set: boolean;
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const fullName = (row: StaffRow) => `${row.first_name} ${row.last_name}`.trim();

export function TypeBadge({ type }: { type: string }) {
  const translate = useTranslate();
  return isRole(type)
    ? <Chip size="small" color={type === 'admin' || type === 'manager' ? 'primary' : 'default'} label={translate(`staff.types.${type}`)} />
    : <Chip size="small" variant="outlined" label={translate('staff.none')} />;
}

function staffFilters(actor: Role | undefined, facilities: ReturnType<typeof useFacilityChoices>, translate: (key: string) => string) {
  // Admin accounts are listed to admins only; a manager has nothing to filter them by.
  const types = ROLES.filter((role) => actor === 'admin' || role !== 'admin').map((role) => ({ id: role, name: translate(`staff.types.${role}`) }));
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('staff.search')} />,
    ...(actor === 'admin'
      ? [<SelectInput key="facility_id" source="facility_id" choices={facilities} optionValue="ID" optionText="name" alwaysOn />]
      : []),
    <SelectInput key="user_type" source="user_type" choices={types} alwaysOn />,
  ];
}

/** /staff: the staff accounts (the `staff` resource, at the root paths /user…). */
export default function StaffList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useTouchlineDataProvider();
  const { identity } = useGetIdentity();
  const { confirm, confirmDelete, notifySuccess, run } = useDialogs();
  const { permissions: actor } = usePermissions<Role>();
  const facilities = useFacilityChoices({ enabled: actor === 'admin' });
  const [target, setTarget] = useState<StaffTarget | null>(null);

  const mayManage = (row: StaffRow) => !!actor && isRole(row.user_type) && canAssignRole(actor, row.user_type);

  const resetPassword = async (row: StaffRow) => {
    // The link is mailed at once: say to whom, and what it does, first.
    const message = translate('staff.reset_confirm', { name: fullName(row), email: row.email });
    if (!(await confirm({ title: translate('staff.reset_password'), message }))) return;
    if ((await run(() => dataProvider.sendPasswordReset(row.email))) === undefined) return;
    notifySuccess('staff.reset_sent', { short: true, messageArgs: { email: row.email } });
  };
  const remove = async (row: StaffRow) => {
    if (!(await confirmDelete({ message: translate('staff.delete_message', { name: fullName(row) || row.email }) }))) return;
    if (!(await run(() => dataProvider.delete('staff', { id: row.id, previousData: row })))) return;
    notifySuccess('staff.deleted', { short: true });
    refresh();
  };

  const actions = (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <FacilityScope />
      {can(actor, 'staff', 'create') && (
        <Button startIcon={<AddIcon />} onClick={() => setTarget({ mode: 'create' })}>
          {translate('staff.add_new')}
        </Button>
      )}
    </TopToolbar>
  );

  return (
    <>
      <List<StaffRow>
        resource="staff"
        title={translate('page.staff')}
        actions={actions}
        filters={staffFilters(actor, facilities, translate)}
        empty={false}
        perPage={DEFAULT_PAGE_SIZE}
        sort={{ field: 'ID', order: 'ASC' }}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
      >
        <DataTable<StaffRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<StaffRow> source="last_name" label="resources.staff.fields.name" render={fullName} />
          <DataTable.Col<StaffRow> source="facility_id" render={(row) => row.facility?.name ?? ''} />
          <DataTable.Col source="email" />
          <DataTable.Col<StaffRow> source="phone" render={(row) => formatUsPhone(row.phone)} />
          <DataTable.Col<StaffRow> source="user_type" render={(row) => <TypeBadge type={row.user_type} />} />
          <DataTable.Col<StaffRow>
            source="password_set"
            disableSort
            render={(row) => (
              <Stack direction="row" spacing={1} alignItems="center">
                <span>{translate(row.password_set ? 'staff.yes' : 'staff.no')}</span>
                <Link component="button" type="button" variant="body2" onClick={() => resetPassword(row)}>
                  {translate('staff.reset_password')}
                </Link>
              </Stack>
            )}
          />
          <DataTable.Col<StaffRow>
            label=""
            align="right"
            render={(row) => (
              // Only what the role may do to this account: no one edits an account of their own rank
              // or above (a manager their own), and no one deletes their own.
              <Stack direction="row" justifyContent="flex-end">
                {mayManage(row) && (
                  <IconButton aria-label={translate('ra.action.edit')} onClick={() => setTarget({ mode: 'edit', id: row.id })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                )}
                {mayManage(row) && row.id !== identity?.id && (
                  <IconButton aria-label={translate('ra.action.delete')} onClick={() => remove(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            )}
          />
        </DataTable>
      </List>
      <StaffDialog target={target} actor={actor} onClose={() => setTarget(null)} onSaved={refresh} />
    </>
  );
}
