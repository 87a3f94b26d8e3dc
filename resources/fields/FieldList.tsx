import { Box, MenuItem, TextField } from '@mui/material';
import {
  DataTable, minValue, NumberInput, ReferenceField, ReferenceInput, required, SelectInput, TextInput,
  useLocation, useNavigate, useTranslate, type RaRecord,
} from 'react-admin';
import { session } from '../../dataProvider/session';
import { selectableFacilities, useFacilityChoices } from '../../src/kit/layout/facilities';
import { closeTimeToForm, formatHours } from '../../src/kit/components/settings/conversions';
import { HourInput } from '../../src/kit/components/settings/inputs';
import { RecordChanges } from '../../src/kit/components/settings/RecordChanges';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';
import '../../src/kit/components/settings/messages';

// The field tab of /resources (spec 1 §2): the fields of the facility of ?facility_id= (by default the
// admin's selected facility, or the user's own), a picker to change it, and the field dialog: number,
// name, field type and the eight times. Saving a field goes to its facility's fields (spec 1 §4).

const DAYS = ['weekday', 'weekend'] as const;
const fieldsUrl = (facilityId: number) => `/resources?tab=field&facility_id=${facilityId}`;

/** The facility the tab shows: ?facility_id=, else the one this browser works in. */
function useShownFacility(): number {
  const { search } = useLocation();
  const requested = Number(new URLSearchParams(search).get('facility_id'));
  if (Number.isSafeInteger(requested) && requested > 0) return requested;
  return session.userType() === 'admin' ? session.selectedFacility() : session.facilityId() ?? session.selectedFacility();
}

function FacilityPicker({ value }: { value: number }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const facilities = useFacilityChoices({ all: true });
  const options = selectableFacilities(facilities);
  // A hidden facility asked for by URL is still shown as the current one.
  const current = facilities.find((f) => f.ID === value);
  const choices = current && !options.includes(current) ? [current, ...options] : options;
  return (
    <TextField
      select
      size="small"
      label={translate('resources.fields.fields.facility_id')}
      value={choices.some((f) => f.ID === value) ? value : ''}
      onChange={(event) => navigate(fieldsUrl(Number(event.target.value)))}
      sx={{ minWidth: 220, mr: 'auto' }}
    >
      {choices.map((facility) => (
        <MenuItem key={facility.ID} value={facility.ID}>
          {facility.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function FieldInputs({ facilityId }: { facilityId: number }) {
  return (
    <>
      <NumberInput source="number" validate={[required(), minValue(0)]} min={0} step={1} />
      <TextInput source="name" validate={required()} fullWidth />
      <ReferenceInput source="new_field_type_id" reference="field_types" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" fullWidth />
      </ReferenceInput>
      <ReferenceInput source="facility_id" reference="facilities" sort={{ field: 'ID', order: 'ASC' }} perPage={1000}>
        <SelectInput optionText="name" validate={required()} defaultValue={facilityId} fullWidth />
      </ReferenceInput>
      {/* Split fields: a half names the full field it is part of; booking one blocks the other. */}
      <ReferenceInput source="parent_field_id" reference="fields" filter={{ facility_id: facilityId }} sort={{ field: 'number', order: 'ASC' }}>
        <SelectInput optionText="name" emptyText="—" fullWidth />
      </ReferenceInput>
      {DAYS.map((day) => (
        <Box key={day} sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <HourInput source={`${day}_open_time`} />
          <HourInput source={`${day}_close_time`} close />
          <HourInput source={`${day}_peak_time_start`} />
          <HourInput source={`${day}_peak_time_end`} />
        </Box>
      ))}
      <RecordChanges object="field" facilityId={(record) => record.facility_id ?? facilityId} />
    </>
  );
}

/** Opening hours as the table shows them: 16:00–24:00. */
const span = (open: unknown, close: unknown) =>
  typeof open === 'number' && typeof close === 'number' ? `${formatHours(open)}–${formatHours(closeTimeToForm(close))}` : '';

/** A day's opening hours, or 'Closed' for a close time of 0 (spec 1 §9), never "8:00–0:00". */
function OpeningHours({ open, close }: { open: unknown; close: unknown }) {
  const translate = useTranslate();
  return close === 0 ? translate('settings_page.closed') : span(open, close);
}

export function FieldList() {
  const facilityId = useShownFacility();
  const navigate = useNavigate();
  return (
    <SettingsList
      inputs={<FieldInputs facilityId={facilityId} />}
      sort={{ field: 'number', order: 'ASC' }}
      filter={{ facility_id: facilityId }}
      toolbar={<FacilityPicker value={facilityId} />}
      onSaved={(record: RaRecord) => navigate(fieldsUrl(Number(record.facility_id)))}
    >
      <DataTable.NumberCol source="number" />
      <DataTable.Col source="name" />
      <DataTable.Col source="new_field_type_id">
        <ReferenceField source="new_field_type_id" reference="field_types" link={false} />
      </DataTable.Col>
      {DAYS.map((day) => (
        <DataTable.Col key={day} source={`${day}_close_time`} label={`resources.fields.fields.${day}_hours`} render={(r) => <OpeningHours open={r[`${day}_open_time`]} close={r[`${day}_close_time`]} />} />
      ))}
      {DAYS.map((day) => (
        <DataTable.Col key={day} source={`${day}_peak_time_end`} label={`resources.fields.fields.${day}_peak`} render={(r) => span(r[`${day}_peak_time_start`], r[`${day}_peak_time_end`])} />
      ))}
    </SettingsList>
  );
}
