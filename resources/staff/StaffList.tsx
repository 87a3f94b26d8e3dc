import { useState } from 'react';
import { Button, IconButton, Link, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { DataTable, List, Pagination, SearchInput, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, ROLES, type Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { formatUsPhone } from '../../core/validation/phone';
import { FacilityScope } from '../../src/kit/components/FacilityScope';
import type { DialogTarget } from '../../src/kit/entity/EntityDialog';
import { showPath } from '../../src/kit/entity/paths';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { StaffDialog } from './StaffDialog';
import { fullName, TypeBadge, useStaffActions, type StaffRow } from './staffActions';
import './messages';

// /staff (spec 1 §2): filters (text, facility for admins, user type), Add new, and the table: name,
// facility, email, phone, type badge (NONE for an unknown type), password set with a Reset password
// link, edit, delete. A row opens the account's page; Add new and edit are dialogs over the list.

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

export default function StaffList() {
  const translate = useTranslate();
  const { actor, mayManage, mayDelete, resetPassword, remove } = useStaffActions();
  const facilities = useFacilityChoices({ enabled: actor === 'admin' });
  const [target, setTarget] = useState<DialogTarget | null>(null);

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
        <DataTable<StaffRow> bulkActionButtons={false} rowClick={(id) => showPath('staff', id)}>
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
                <Link component="button" type="button" variant="body2" onClick={(event) => { event.stopPropagation(); void resetPassword(row); }}>
                  {translate('staff.reset_password')}
                </Link>
              </Stack>
            )}
          />
          <DataTable.Col<StaffRow>
            label=""
            align="right"
            render={(row) => (
              <Stack direction="row" justifyContent="flex-end" onClick={(event) => event.stopPropagation()}>
                {mayManage(row) && (
                  <IconButton aria-label={translate('ra.action.edit')} onClick={() => setTarget({ mode: 'edit', id: row.id })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                )}
                {mayDelete(row) && (
                  <IconButton aria-label={translate('ra.action.delete')} onClick={() => remove(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            )}
          />
        </DataTable>
      </List>
      <StaffDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
