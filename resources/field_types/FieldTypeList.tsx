import { BooleanField, BooleanInput, DataTable, minValue, NumberInput, required, TextInput } from 'react-admin';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';

// The fieldtype tab of /resources (spec 1 §2): name, capacity, is_outdoors, available_online, is_soccer.

const FLAGS = ['is_outdoors', 'available_online', 'is_soccer'] as const;

function FieldTypeInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <NumberInput source="capacity" validate={[required(), minValue(0)]} min={0} step={1} />
      {FLAGS.map((flag) => <BooleanInput key={flag} source={flag} defaultValue={flag === 'is_soccer'} />)}
    </>
  );
}

export function FieldTypeList() {
  return (
    <SettingsList inputs={<FieldTypeInputs />} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable.Col source="name" />
      <DataTable.NumberCol source="capacity" />
      {FLAGS.map((flag) => (
        <DataTable.Col key={flag} source={flag}>
          <BooleanField source={flag} />
        </DataTable.Col>
      ))}
    </SettingsList>
  );
}
