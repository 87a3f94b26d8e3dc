import { InputAdornment } from '@mui/material';
import { DataTable, maxValue, minValue, NumberField, NumberInput, required, TextInput } from 'react-admin';
import { SettingsList } from './SettingsList';

// Taxes and fees (spec 1 §3) are the same kind of entity: a name and a value in percent (8.875 is
// 8.875 %). One list and one dialog serve both; resources/taxes and resources/fees only name them.

const percent = { style: 'percent', maximumFractionDigits: 6 } as const;
const toFraction = (value: number) => value / 100;

function NamePercentInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <NumberInput
        source="value"
        validate={[required(), minValue(0), maxValue(100)]}
        min={0}
        max={100}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
    </>
  );
}

export function NamePercentList() {
  return (
    <SettingsList inputs={<NamePercentInputs />} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="value" align="right">
        <NumberField source="value" transform={toFraction} options={percent} />
      </DataTable.Col>
    </SettingsList>
  );
}
