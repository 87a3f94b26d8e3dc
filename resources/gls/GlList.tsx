import { DataTable, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { SettingsList } from '../../src/components/settings/SettingsList';

// The gl tab of /resources (spec 1 §2): code, product type, season. GET /gl nests each GL's
// product_type and season, which the table shows.

interface Gl {
  product_type?: { name: string } | null;
  season?: { name: string } | null;
}

function GlInputs() {
  return (
    <>
      <TextInput source="code" validate={required()} fullWidth />
      <ReferenceInput source="product_type_id" reference="product_types" sort={{ field: 'ranking', order: 'ASC' }} perPage={1000}>
        <SelectInput optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="season_id" reference="seasons" sort={{ field: 'ID', order: 'ASC' }}>
        <SelectInput optionText="name" parse={(value: unknown) => (value === '' ? null : value)} fullWidth />
      </ReferenceInput>
    </>
  );
}

export function GlList() {
  return (
    <SettingsList inputs={<GlInputs />} sort={{ field: 'code', order: 'ASC' }}>
      <DataTable.Col source="code" />
      <DataTable.Col source="product_type_id" render={(gl: Gl) => gl.product_type?.name ?? ''} />
      <DataTable.Col source="season_id" render={(gl: Gl) => gl.season?.name ?? ''} />
    </SettingsList>
  );
}
