import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogTitle, LinearProgress } from '@mui/material';
import {
  CreateBase, EditBase, SaveButton, SelectInput, SimpleForm, TextInput, required, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import type { z } from 'zod';
import { ROLES, type Role } from '../../core/constants';
import { canAssignRole } from '../../core/permissions';
import { staffCreateSchema } from '../../core/validation/staff';
import { useDialogs } from '../../src/layout/dialogs';
import { useFacilityChoices } from '../../src/layout/facilities';
import './messages';

// The staff create and edit dialog (spec 1 §2, §5): facility (admins only: others create in their own
// facility), user type (a manager is not offered admin or manager), first name, last name, email,
// phone. The fields are checked with the API's own schemas, so both refuse the same input.

export type StaffTarget = { mode: 'create' } | { mode: 'edit'; id: Identifier };

/** A field validator from one of the shared schema's fields: on failure, the message key. */
const checkedBy = (schema: z.ZodType, message: string) => (value: unknown) => (schema.safeParse(value ?? '').success ? undefined : message);

const { shape } = staffCreateSchema;
const validateUserType = checkedBy(shape.user_type, 'staff.select_user_type');
const validateEmail = checkedBy(shape.email, 'staff.invalid_email');
const validatePhone = checkedBy(shape.phone, 'staff.phone_format');
const validateFacility = required('staff.select_facility');

/** The user types `actor` may give. */
export const assignableTypes = (actor: Role | undefined) => ROLES.filter((role) => actor && canAssignRole(actor, role));

function StaffInputs({ actor }: { actor: Role | undefined }) {
  const translate = useTranslate();
  const isAdmin = actor === 'admin';
  const facilities = useFacilityChoices({ enabled: isAdmin });
  const types = assignableTypes(actor).map((role) => ({ id: role, name: translate(`staff.types.${role}`) }));
  return (
    <>
      {isAdmin && (
        <SelectInput source="facility_id" choices={facilities} optionValue="ID" optionText="name" validate={validateFacility} fullWidth />
      )}
      <SelectInput source="user_type" choices={types} validate={validateUserType} fullWidth />
      <TextInput source="first_name" fullWidth />
      <TextInput source="last_name" fullWidth />
      <TextInput source="email" type="email" validate={[required('staff.invalid_email'), validateEmail]} fullWidth />
      <TextInput source="phone" validate={validatePhone} helperText="111-222-3333" fullWidth />
    </>
  );
}

interface StaffDialogProps {
  target: StaffTarget | null;
  actor: Role | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const quiet = () => undefined;

export function StaffDialog({ target, actor, onClose, onSaved }: StaffDialogProps) {
  const translate = useTranslate();
  const { notifySuccess } = useDialogs();
  const titleId = useId();

  const saved = (message: string) => (record: RaRecord) => {
    onClose();
    notifySuccess(message, { short: true, messageArgs: { type: translate(`staff.types.${record.user_type}`, { _: String(record.user_type) }) } });
    onSaved();
  };
  const form = (
    <SimpleForm noValidate
      toolbar={
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      }
    >
      <StaffInputs actor={actor} />
    </SimpleForm>
  );

  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {target?.mode === 'create' && (
        <>
          <DialogTitle id={titleId}>{translate('staff.add_title')}</DialogTitle>
          <CreateBase resource="staff" redirect={false} mutationOptions={{ onSuccess: saved('staff.created'), onError: quiet }}>
            {form}
          </CreateBase>
        </>
      )}
      {target?.mode === 'edit' && (
        <>
          <DialogTitle id={titleId}>{translate('staff.edit_title')}</DialogTitle>
          <EditBase
            resource="staff"
            id={target.id}
            redirect={false}
            mutationMode="pessimistic"
            mutationOptions={{ onSuccess: saved('staff.updated'), onError: quiet }}
            loading={<LinearProgress sx={{ m: 2 }} />}
          >
            {form}
          </EditBase>
        </>
      )}
    </Dialog>
  );
}
