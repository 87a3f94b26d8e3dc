import { Grid } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput, useGetList, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AGE_GROUP, TEAM_GENDERS, type Role } from '../../core/constants';
import { LEAGUE_DEFAULTS, LEAGUE_PRODUCT_TYPES } from '../../core/validation/leagues';
import { session } from '../../dataProvider/session';
import { genderLabel } from '../../src/kit/i18n/labels';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { DEFAULT_ZONE, fromDateInput, money, toDateInput } from './shared';
import './messages';

// A league's or tournament's form (spec 3 §2.4, §5): facility (fixed for non-admins), product (a
// league's or a tournament's, with its price), the season switch (age group and gender are asked of
// leagues, not of seasons), name, online description, the four dates and the early bird's, max teams,
// match duration, colour and the switches. The forms holding it (the dialogs over the list and the
// page, the create and edit views) check it with the API's own schema (src/kit/entity/EntityForm.tsx).

interface ProductOption { ID: number; name: string; team_price: number; full_price: number; deposit_price: number; early_bird_price: number; gl: { product_type: { ID: number } | null } }

const LEAGUE_TYPES: readonly number[] = LEAGUE_PRODUCT_TYPES.map((t) => t.id);
const TOURNAMENT_TYPES: readonly number[] = LEAGUE_PRODUCT_TYPES.filter((t) => t.name.includes('Tournament')).map((t) => t.id);
const PLAIN_LEAGUE_TYPES: readonly number[] = LEAGUE_TYPES.filter((id) => !TOURNAMENT_TYPES.includes(id));
/** A league's dates (the four asked, then the early bird's) and their labels; its switches. */
export const DATES = ['start_date', 'end_date', 'registration_start_date', 'registration_end_date', 'early_bird_start_date', 'early_bird_end_date'] as const;
export const DATE_LABELS: Record<(typeof DATES)[number], string> = {
  start_date: 'start', end_date: 'end', registration_start_date: 'registration_start', registration_end_date: 'registration_end', early_bird_start_date: 'early_bird_start', early_bird_end_date: 'early_bird_end',
};
export const SWITCHES = ['enable_deposit', 'enable_individual', 'display_schedule', 'available_online', 'require_membership', 'enable_early_bird'] as const;

/** The fields of the form, as a copy of a league starts a new one (Duplicate). */
export const LEAGUE_FORM_KEYS = [
  'name', 'description', 'facility_id', 'new_product_id', 'age_group_id', 'gender', ...DATES, 'max_teams', 'max_players', 'duration', 'color', 'is_container', ...SWITCHES,
] as const;

/**
 * The products a league may sell: league or tournament types with a team or full price above 0 (spec 3
 * §5); with `tournament` given, only that kind's types (m12: a tournament sells tournament entries).
 */
export function useLeagueProducts(facilityId: number | undefined, tournament?: boolean) {
  const { data = [] } = useGetList<ProductOption & { id: number }>('products', { filter: facilityId ? { facility_id: facilityId } : {}, pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000 });
  const types = tournament === undefined ? LEAGUE_TYPES : tournament ? TOURNAMENT_TYPES : PLAIN_LEAGUE_TYPES;
  return data.filter((p) => types.includes(p.gl?.product_type?.ID ?? 0) && (p.team_price > 0 || p.full_price > 0));
}

/** A new league's starting values: the facility the user works in, the spec's defaults. */
export function newLeague(role: Role | undefined): Partial<RaRecord> {
  return {
    facility_id: role === 'admin' ? session.selectedFacility() : session.facilityId(),
    max_teams: LEAGUE_DEFAULTS.max_teams, duration: LEAGUE_DEFAULTS.duration, color: LEAGUE_DEFAULTS.color, age_group_id: AGE_GROUP.ADULT, gender: 'Co-Ed',
  };
}

/** A copy of `source` as a new league's values (Duplicate). */
export const copyOf = (source: Partial<RaRecord>): Partial<RaRecord> =>
  Object.fromEntries(LEAGUE_FORM_KEYS.map((key) => [key, source[key]]));

/** What a save sends: a season has no age group nor gender. */
export const leagueBodyOf = (values: Record<string, unknown>) => (values.is_container ? { ...values, age_group_id: null, gender: null } : values);

export function LeagueInputs({ tournament }: { tournament: boolean }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const facilityId = useWatch({ name: 'facility_id' }) as number | undefined;
  const container = Boolean(useWatch({ name: 'is_container' }));
  const products = useLeagueProducts(facilityId, tournament).map((p) => ({ id: p.ID, name: translate('leagues.dialog.product_option', { name: p.name, price: money(p.team_price || p.full_price) }) }));
  const zone = DEFAULT_ZONE;
  const label = (key: string) => `leagues.dialog.${key}`;
  return (
    <Grid container spacing={2} sx={{ width: '100%' }}>
      <Grid size={{ xs: 12, sm: 6 }}><TextInput source="name" label={label('name')} isRequired fullWidth /></Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput source="facility_id" label={label('facility')} choices={facilities} optionValue="ID" optionText="name" disabled={role !== 'admin'} isRequired fullWidth />
      </Grid>
      <Grid size={12}><TextInput source="description" label={label('description')} multiline minRows={2} isRequired fullWidth /></Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput source="new_product_id" label={label('product')} choices={products} isRequired fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}><BooleanInput source="is_container" label={label('container')} /></Grid>
      {!container && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput source="age_group_id" label={label('age_group')} isRequired fullWidth
              choices={[{ id: AGE_GROUP.ADULT, name: 'leagues.rollover.adult' }, { id: AGE_GROUP.YOUTH, name: 'leagues.rollover.youth' }]} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput source="gender" label={label('gender')} isRequired fullWidth choices={TEAM_GENDERS.map((g) => ({ id: g, name: genderLabel(translate, g) }))} />
          </Grid>
        </>
      )}
      {DATES.map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6 }}>
          <TextInput source={key} type="date" label={label(DATE_LABELS[key])} isRequired={!key.startsWith('early')} fullWidth InputLabelProps={{ shrink: true }}
            format={(value: number | null | undefined) => toDateInput(value, zone)} parse={(value: string) => fromDateInput(value, zone, key.endsWith('end_date'))} />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 4 }}><NumberInput source="max_teams" label={label('max_teams')} isRequired fullWidth /></Grid>
      <Grid size={{ xs: 12, sm: 4 }}><NumberInput source="max_players" label={label('max_players')} fullWidth /></Grid>
      <Grid size={{ xs: 12, sm: 4 }}><NumberInput source="duration" label={label('duration')} isRequired fullWidth /></Grid>
      <Grid size={{ xs: 12, sm: 4 }}><TextInput source="color" type="color" label={label('color')} fullWidth /></Grid>
      {SWITCHES.map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6 }}><BooleanInput source={key} label={label(key)} /></Grid>
      ))}
    </Grid>
  );
}
