import { useWatch } from 'react-hook-form';
import {
  DataTable, ReferenceField, required, SelectInput, TextInput, useTranslate,
} from 'react-admin';
import { FACILITY, INTEGRATION_TYPES } from '../../core/constants';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import '../../src/kit/components/settings/messages';

// The integration tab of /resources (spec 1 §2): name, type, facility (999999 is ALL) and the data of
// the type: hubspot an api key; acuity an api key, a user id and a destination id; square an access
// token, a location id and its environment. Secrets come back masked to managers; sent back
// unchanged, the server keeps them.

type IntegrationType = (typeof INTEGRATION_TYPES)[number];

const TYPE_CHOICES = INTEGRATION_TYPES.map((type) => ({ id: type, name: type }));
const DATA_FIELDS: Record<IntegrationType, readonly string[]> = {
  hubspot: ['api_key'],
  acuity: ['api_key', 'user_id', 'destination_id'],
  square: ['access_token', 'location_id'],
};
const OPTIONAL = new Set(['location_id']);

function FacilityInput() {
  const translate = useTranslate();
  const data = useFacilityChoices({ all: true });
  const choices = [{ id: FACILITY.ALL_INTEGRATIONS, name: translate('settings_page.all_facilities') }, ...data.map((f) => ({ id: f.ID, name: f.name }))];
  return <SelectInput source="facility_id" choices={choices} validate={required()} fullWidth />;
}

function DataInputs() {
  const type = useWatch({ name: 'type' }) as IntegrationType | undefined;
  if (!type || !DATA_FIELDS[type]) return null;
  return (
    <>
      {DATA_FIELDS[type].map((key) => (
        <TextInput key={`${type}.${key}`} source={`data.${key}`} label={`resources.integrations.fields.data.${key}`} validate={OPTIONAL.has(key) ? undefined : required()} fullWidth />
      ))}
      {type === 'square' && (
        <SelectInput
          source="data.environment"
          label="resources.integrations.fields.data.environment"
          choices={[{ id: 'production', name: 'production' }, { id: 'sandbox', name: 'sandbox' }]}
          defaultValue="production"
        />
      )}
    </>
  );
}

function IntegrationInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} fullWidth />
      <FacilityInput />
      <DataInputs />
    </>
  );
}

function FacilityCell({ record }: { record: { facility_id: number } }) {
  const translate = useTranslate();
  if (record.facility_id === FACILITY.ALL_INTEGRATIONS) return <>{translate('settings_page.all_facilities')}</>;
  return <ReferenceField source="facility_id" reference="facilities" link={false} />;
}

export function IntegrationList() {
  return (
    <SettingsList inputs={<IntegrationInputs />} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="type" />
      <DataTable.Col source="facility_id" render={(record: { facility_id: number }) => <FacilityCell record={record} />} />
    </SettingsList>
  );
}
