import { ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import './messages';

// A GL's inputs (spec 1 §3): code, product type, season (none: null). Their forms check them with the
// API's own schema (src/kit/entity/EntityForm.tsx).

export function GlInputs() {
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
