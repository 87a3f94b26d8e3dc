import { SelectInput, TextInput, usePermissions, useTranslate } from 'react-admin';
import { AGE_GROUP, type Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { TEAM_COLORS } from '../../core/validation/leagues';
import { session } from '../../dataProvider/session';
import './messages';

// A team's inputs (spec 3 §2.13, §2.14): name ('Please enter a valid team name'), age group, colour
// (#3f51b5 for a new team). The forms holding them check them with the API's own schema
// (src/kit/entity/EntityForm.tsx). Renaming is for the roles the matrix lets rename.

export function TeamInputs({ creating = false }: { creating?: boolean }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const ageGroups = [
    { id: AGE_GROUP.ADULT, name: translate('teams.adult') },
    { id: AGE_GROUP.YOUTH, name: translate('teams.youth') },
  ];
  return (
    <>
      {(creating || can(role, 'teams', 'rename')) && <TextInput source="name" label="teams.name" autoFocus fullWidth />}
      <SelectInput source="age_group_id" label="teams.age_group" choices={ageGroups} defaultValue={creating ? AGE_GROUP.ADULT : undefined} fullWidth />
      <TextInput source="color" label="teams.color" type="color" defaultValue={creating ? TEAM_COLORS.create : undefined} fullWidth />
    </>
  );
}

/** Only a team's name, as the page's pencil renames it (Edit Team Name). */
export const TeamNameInput = () => <TextInput source="name" label="teams.name" autoFocus fullWidth />;

/** A new team is an admin's selected facility's (a non-admin's is their own, which the server sets). */
export const inFacility = (values: Record<string, unknown>) =>
  (session.userType() === 'admin' ? { ...values, facility_id: session.selectedFacility() } : values);
