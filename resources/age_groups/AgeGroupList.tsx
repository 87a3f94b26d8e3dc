import { DataTable, required, TextInput } from 'react-admin';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';

/** The agegroup tab of /resources: a name. */
export function AgeGroupList() {
  return (
    <SettingsList inputs={<TextInput source="name" validate={required()} fullWidth />} sort={{ field: 'ID', order: 'ASC' }}>
      <DataTable.Col source="ID" />
      <DataTable.Col source="name" />
    </SettingsList>
  );
}
