import { Button, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatUsPhone } from '../../core/validation/phone';
import { DETAIL_META } from '../../dataProvider';
import { editPath } from '../../src/kit/entity/paths';
import { fullName, TypeBadge, useStaffActions, type StaffRow } from './staffActions';
import './messages';

/** /staff/{id}: a staff account — who, where, what they may do, whether they have signed up — and its actions. */
export default function StaffShow() {
  const translate = useTranslate();
  return (
    <Show<StaffRow> title={translate('page.staff')} actions={<StaffShowActions />} queryOptions={{ meta: DETAIL_META }}>
      <SimpleShowLayout>
        <FunctionField<StaffRow> label="resources.staff.fields.name" render={fullName} />
        <FunctionField<StaffRow> source="facility_id" render={(row) => row.facility?.name ?? ''} />
        <TextField source="email" />
        <FunctionField<StaffRow> source="phone" render={(row) => formatUsPhone(row.phone)} />
        <Labeled label="resources.staff.fields.user_type">
          <FunctionField<StaffRow> render={(row) => <TypeBadge type={row.user_type} />} />
        </Labeled>
        <FunctionField<StaffRow> source="password_set" render={(row) => translate(row.password_set ? 'staff.yes' : 'staff.no')} />
      </SimpleShowLayout>
    </Show>
  );
}

function StaffShowActions() {
  const translate = useTranslate();
  const record = useRecordContext<StaffRow>();
  const { mayManage, mayDelete, resetPassword, remove } = useStaffActions();
  if (!record) return null;
  return (
    <TopToolbar>
      <Stack direction="row" spacing={1}>
        {mayManage(record) && (
          <Button component={RouterLink} to={editPath('staff', record.id)} startIcon={<EditIcon />}>{translate('ra.action.edit')}</Button>
        )}
        <Button onClick={() => resetPassword(record)} startIcon={<LockResetIcon />}>{translate('staff.reset_password')}</Button>
        {mayDelete(record) && (
          <Button color="error" onClick={() => remove(record, { backToList: true })} startIcon={<DeleteIcon />}>{translate('ra.action.delete')}</Button>
        )}
      </Stack>
    </TopToolbar>
  );
}
