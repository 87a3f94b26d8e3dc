import { SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { ROLES, type Role } from '../../core/constants';
import { canAssignRole } from '../../core/permissions';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import './messages';

// A staff account's inputs (spec 1 §2, §5): facility (admins only: others create in their own
// facility), user type (a manager is not offered admin or manager), first name, last name, email,
// phone. The forms holding them check them with the API's own schema (src/kit/entity/EntityForm.tsx),
// whose messages are the spec's.

/** The user types `actor` may give. */
export const assignableTypes = (actor: Role | undefined) => ROLES.filter((role) => actor && canAssignRole(actor, role));

export function StaffInputs({ actor }: { actor: Role | undefined }) {
  const translate = useTranslate();
  const isAdmin = actor === 'admin';
  const facilities = useFacilityChoices({ enabled: isAdmin });
  const types = assignableTypes(actor).map((role) => ({ id: role, name: translate(`staff.types.${role}`) }));
  return (
    <>
      {isAdmin && <SelectInput source="facility_id" choices={facilities} optionValue="ID" optionText="name" validate={required()} fullWidth />}
      <SelectInput source="user_type" choices={types} validate={required()} fullWidth />
      <TextInput source="first_name" fullWidth />
      <TextInput source="last_name" fullWidth />
      <TextInput source="email" type="email" validate={required()} fullWidth />
      <TextInput source="phone" helperText="111-222-3333" fullWidth />
    </>
  );
}
