import { Grid } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, DateInput, NumberInput, SelectInput, TextInput, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { classProducts } from '../../core/api/classes';
import type { Role } from '../../core/constants';
import { CLASS_DEFAULTS, CLASS_TYPE, glPrefixOf, type ClassType } from '../../core/validation/classes';
import type { ClassDetail } from '../../dataProvider';
import { session } from '../../dataProvider/session';
import { DEFAULT_ZONE, fromDateInput, toDateInput } from '../../src/kit/components/programFormat';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { productText } from './shared';
import './messages';

// The class form (spec 3 §5) in its uses: Create class (admins; a class or a season), Clone class, New
// Division (from a season's divisions), the Settings tab and the edit view. Required: facility (admins
// on create), product, name, online description, max number of kids and the four dates, which are days
// in the facility's time zone. The class type chooses the products (GL 141 for Lil' Kickers, 140
// otherwise) and the camp type sets is_camp. The forms holding them check them with the declaration of
// POST /class or PUT /class/{id} (src/kit/entity/EntityForm.tsx).

export type ClassFormMode = 'create' | 'clone' | 'division' | 'edit';

const DATES = [['start_date', 'start'], ['end_date', 'end'], ['registration_start_date', 'registration_start'], ['registration_end_date', 'registration_end']] as const;
const SWITCHES = ['accepts_free_trial', 'require_membership', 'available_online'] as const;

/** The form's class type is the body's is_camp (and chooses the products). */
function typed({ class_type, ...values }: Record<string, unknown>) {
  return class_type === undefined ? values : { ...values, is_camp: Number(class_type) === CLASS_TYPE.CAMP };
}

/** A new class's body: a non-admin's is at their own facility. */
export const newClass = (values: Record<string, unknown>) => {
  const body = typed(values);
  return { ...body, facility_id: body.facility_id ?? session.facilityId() ?? undefined };
};

/** A change's body. */
export const changedClass = typed;

/** The form's first values of a copy of `source`: the clone, or a new division of the season. */
export function copyOf(source: ClassDetail, mode: 'clone' | 'division') {
  return {
    facility_id: source.facility_id, class_type: source.class_type, new_product_id: source.new_product_id ?? undefined,
    name: mode === 'clone' ? `${source.name} (copy)` : '', description: source.description ?? '', max_kids: source.max_kids,
    start_date: source.start_date, end_date: source.end_date, registration_start_date: source.registration_start_date, registration_end_date: source.registration_end_date,
    accepts_free_trial: source.accepts_free_trial, require_membership: source.require_membership, available_online: source.available_online,
    is_container: mode === 'clone' ? source.is_container : false, properties: source.properties,
    class_parent_id: mode === 'division' ? source.ID : source.class_parent_id,
  };
}

export function ClassInputs({ mode }: { mode: ClassFormMode }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const record = useRecordContext<ClassDetail>();
  const { setValue } = useFormContext();
  const facilities = useFacilityChoices();
  const facilityId = useWatch({ name: 'facility_id' }) as number | undefined ?? (role === 'admin' ? session.selectedFacility() : session.facilityId() ?? undefined);
  const type = (useWatch({ name: 'class_type' }) as ClassType | undefined) ?? CLASS_TYPE.YOUTH;
  const { data: products = [] } = useDeclaredQuery('classes', classProducts, { query: { facility_id: facilityId, gl_prefix: glPrefixOf(type) } }, { enabled: Boolean(facilityId) });
  const zone = (facilities.find((f) => f.ID === facilityId) as { time_zone?: string } | undefined)?.time_zone ?? record?.facility?.time_zone ?? DEFAULT_ZONE;
  const t = (key: string) => `classes.form.${key}`;
  const half = { xs: 12, sm: 6 };
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      {role === 'admin' && mode === 'create' && (
        <Grid size={half}>
          <SelectInput source="facility_id" label={t('facility')} choices={facilities} optionValue="ID" optionText="name" defaultValue={session.selectedFacility() || undefined} fullWidth />
        </Grid>
      )}
      <Grid size={half}>
        <SelectInput source="class_type" label={t('type')} defaultValue={CLASS_TYPE.YOUTH} fullWidth onChange={() => setValue('new_product_id', null)}
          choices={[CLASS_TYPE.LIL_KICKERS, CLASS_TYPE.YOUTH, CLASS_TYPE.CAMP].map((id) => ({ id, name: translate(t(`types.${id}`)) }))} />
      </Grid>
      <Grid size={half}>
        <SelectInput source="new_product_id" label={t('product')} choices={products} optionValue="new_product_id" optionText={(p) => productText(translate, p)} fullWidth />
      </Grid>
      <Grid size={half}><TextInput source="name" label={t('name')} fullWidth /></Grid>
      <Grid size={12}><TextInput source="description" label={t('description')} multiline minRows={2} fullWidth /></Grid>
      <Grid size={half}><NumberInput source="max_kids" label={t('max_kids')} min={1} step={1} defaultValue={CLASS_DEFAULTS.max_kids} fullWidth /></Grid>
      {DATES.map(([source, label]) => (
        <Grid size={half} key={source}>
          <DateInput source={source} label={t(label)} fullWidth
            // react-admin's DateInput formats its field's value, then that again (as its input's first value).
            format={(value: number | string | null | undefined) => (typeof value === 'string' ? value : toDateInput(value, zone))}
            parse={(value: string) => fromDateInput(value, zone, source.endsWith('end_date'))} />
        </Grid>
      ))}
      <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {SWITCHES.map((key) => <BooleanInput key={key} source={key} label={t(key)} defaultValue={key === 'available_online'} />)}
        {mode === 'create' && <BooleanInput source="is_container" label={t('container')} defaultValue={false} />}
      </Grid>
    </Grid>
  );
}
