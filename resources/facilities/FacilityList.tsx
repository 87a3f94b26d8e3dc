import { DataTable, NumberField, required, TextInput } from 'react-admin';
import { PercentOfFractionInput } from '../../src/kit/components/settings/inputs';
import { RecordChanges } from '../../src/kit/components/settings/RecordChanges';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';
import { FacilitySiblingDiscount } from './FacilitySiblingDiscount';
import { FacilityWaiver } from './FacilityWaiver';

// The facility tab of /resources (spec 1 §2): name, nickname, address and the tax rate, typed as a
// percent and stored as a fraction; its waiver's versions (FacilityWaiver) and sibling discount.

const percent = { style: 'percent', maximumFractionDigits: 4 } as const;

function FacilityInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="nickname" validate={required()} fullWidth />
      <TextInput source="address" validate={required()} fullWidth />
      <PercentOfFractionInput source="tax_rate" />
      <FacilityWaiver />
      <FacilitySiblingDiscount />
      <RecordChanges object="facility" facilityId={(record) => record.ID} />
    </>
  );
}

export function FacilityList() {
  return (
    <SettingsList inputs={<FacilityInputs />} sort={{ field: 'ID', order: 'ASC' }}>
      <DataTable.Col source="ID" />
      <DataTable.Col source="name" />
      <DataTable.Col source="nickname" />
      <DataTable.Col source="address" />
      <DataTable.Col source="tax_rate" align="right">
        <NumberField source="tax_rate" options={percent} />
      </DataTable.Col>
    </SettingsList>
  );
}
