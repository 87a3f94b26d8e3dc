import { useState } from 'react';
import { FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useCreate, useGetList, usePermissions, useTranslate, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { session } from '../../dataProvider/session';
import { AGE_GROUP, TEAM_GENDERS, type Role } from '../../core/constants';
import { LEAGUE_DEFAULTS, LEAGUE_MESSAGES, LEAGUE_PRODUCT_TYPES } from '../../core/validation/leagues';
import type { LeagueRecord } from '../../dataProvider';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, type Message } from '../../src/components/FormMessage';
import { useFacilityChoices } from '../../src/layout/facilities';
import { useDialogs } from '../../src/layout/dialogs';
import { DEFAULT_ZONE, fromDateInput, toDateInput } from './shared';
import './messages';

// The create / edit / duplicate league dialog and its tournament variant (spec 3 §2.4, §5): required
// facility, product, age group, gender, name, online description, the four dates, max teams and
// match duration; early bird dates optional; non-admins' facility fixed; age group and gender hidden
// for containers; products with a team or full price above 0. Create and duplicate go to the new page.

export type LeagueDialogMode = 'create' | 'edit' | 'duplicate' | 'tournament';

interface ProductOption { ID: number; name: string; team_price: number; full_price: number; deposit_price: number; early_bird_price: number; gl: { product_type: { ID: number } | null } }

const LEAGUE_TYPES: readonly number[] = LEAGUE_PRODUCT_TYPES.map((t) => t.id);
const DATES = ['start_date', 'end_date', 'registration_start_date', 'registration_end_date', 'early_bird_start_date', 'early_bird_end_date'] as const;
const SWITCHES = ['enable_deposit', 'enable_individual', 'display_schedule', 'available_online', 'require_membership', 'enable_early_bird'] as const;
const FORM_KEYS = [
  'name', 'description', 'facility_id', 'new_product_id', 'age_group_id', 'gender', ...DATES, 'max_teams', 'duration', 'color', 'is_container', ...SWITCHES,
] as const;

type Draft = Partial<Record<(typeof FORM_KEYS)[number], unknown>>;

/** The products a league may sell: league or tournament types with a team or full price above 0 (spec 3 §5). */
export function useLeagueProducts(facilityId: number | undefined) {
  const { data = [] } = useGetList<ProductOption & { id: number }>('products', { filter: facilityId ? { facility_id: facilityId } : {}, pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000 });
  return data.filter((p) => LEAGUE_TYPES.includes(p.gl?.product_type?.ID ?? 0) && (p.team_price > 0 || p.full_price > 0));
}

export function LeagueDialog({ mode, source, onClose, onSaved }: { mode: LeagueDialogMode; source?: Partial<LeagueRecord>; onClose(): void; onSaved?(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const isAdmin = role === 'admin';
  const facilities = useFacilityChoices();
  const [draft, setDraft] = useState<Draft>(() => {
    const start: Draft = source
      ? Object.fromEntries(FORM_KEYS.map((k) => [k, (source as Record<string, unknown>)[k]]))
      : { facility_id: isAdmin ? session.selectedFacility() : session.facilityId(), max_teams: LEAGUE_DEFAULTS.max_teams, duration: LEAGUE_DEFAULTS.duration, color: LEAGUE_DEFAULTS.color, age_group_id: AGE_GROUP.ADULT, gender: 'Co-Ed' };
    return start;
  });
  const [message, setMessage] = useState<Message | null>(null);
  const products = useLeagueProducts(draft.facility_id as number | undefined);
  const [create] = useCreate();
  const [update] = useUpdate();
  const tournament = mode === 'tournament' || Boolean(source?.is_tournament);
  const resource = tournament ? 'tournament' : 'league';
  const set = (key: keyof Draft, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    const container = Boolean(draft.is_container);
    const required: Array<keyof Draft> = ['facility_id', 'new_product_id', 'name', 'description', ...DATES.slice(0, 4), 'max_teams', 'duration', ...(container ? [] : ['age_group_id', 'gender'] as const)];
    if (required.some((k) => draft[k] === undefined || draft[k] === null || draft[k] === '')) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.required });
    const data = { ...draft, ...(container ? { age_group_id: null, gender: null } : {}), ...(mode === 'tournament' ? { is_tournament: true } : {}) };
    const done = { onError: (e: unknown) => setMessage(failure(e)) };
    if (mode === 'edit' && source?.ID) {
      void update(resource, { id: source.ID, data, previousData: source }, {
        ...done, mutationMode: 'pessimistic', onSuccess: () => { dialogs.notifySuccess('leagues.dialog.saved'); onSaved?.(); onClose(); },
      });
      return;
    }
    void create(resource, { data }, { ...done, onSuccess: (created: { ID: number }) => { onClose(); navigate(`/${resource}/${created.ID}`); } });
  };

  const zone = DEFAULT_ZONE;
  const title = mode === 'edit' ? 'leagues.dialog.edit' : mode === 'duplicate' ? 'leagues.dialog.duplicate' : mode === 'tournament' ? 'leagues.dialog.tournament' : 'leagues.dialog.create';
  const field = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <TextField fullWidth size="small" label={translate(label)} value={draft[key] ?? ''} onChange={(e) => set(key, props.type === 'number' ? Number(e.target.value) : e.target.value)} {...props} />
  );
  return (
    <FormDialog title={title} onClose={onClose} onSubmit={submit} message={message} maxWidth="md">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{field('name', 'leagues.dialog.name', { required: true })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select fullWidth size="small" required label={translate('leagues.dialog.facility')} disabled={!isAdmin} value={draft.facility_id ?? ''}
            onChange={(e) => set('facility_id', Number(e.target.value))}>
            {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={12}>{field('description', 'leagues.dialog.description', { required: true, multiline: true, minRows: 2 })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select fullWidth size="small" required label={translate('leagues.dialog.product')} value={draft.new_product_id ?? ''} onChange={(e) => set('new_product_id', Number(e.target.value))}>
            {products.map((p) => <MenuItem key={p.ID} value={p.ID}>{p.name}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormControlLabel control={<Switch checked={Boolean(draft.is_container)} onChange={(e) => set('is_container', e.target.checked)} />} label={translate('leagues.dialog.container')} />
        </Grid>
        {!draft.is_container && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select fullWidth size="small" required label={translate('leagues.dialog.age_group')} value={draft.age_group_id ?? ''} onChange={(e) => set('age_group_id', Number(e.target.value))}>
                <MenuItem value={AGE_GROUP.ADULT}>{translate('leagues.rollover.adult')}</MenuItem>
                <MenuItem value={AGE_GROUP.YOUTH}>{translate('leagues.rollover.youth')}</MenuItem>
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select fullWidth size="small" required label={translate('leagues.dialog.gender')} value={draft.gender ?? ''} onChange={(e) => set('gender', e.target.value)}>
                {TEAM_GENDERS.map((g) => <MenuItem key={g} value={g}>{g}</MenuItem>)}
              </TextField>
            </Grid>
          </>
        )}
        {DATES.map((key) => {
          const label = { start_date: 'start', end_date: 'end', registration_start_date: 'registration_start', registration_end_date: 'registration_end', early_bird_start_date: 'early_bird_start', early_bird_end_date: 'early_bird_end' }[key];
          return (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <TextField fullWidth size="small" type="date" required={!key.startsWith('early')} label={translate(`leagues.dialog.${label}`)} InputLabelProps={{ shrink: true }}
                value={toDateInput(draft[key] as number, zone)} onChange={(e) => set(key, fromDateInput(e.target.value, zone, key.endsWith('end_date')))} />
            </Grid>
          );
        })}
        <Grid size={{ xs: 12, sm: 4 }}>{field('max_teams', 'leagues.dialog.max_teams', { type: 'number', required: true })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('duration', 'leagues.dialog.duration', { type: 'number', required: true })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('color', 'leagues.dialog.color', { type: 'color' })}</Grid>
        {SWITCHES.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <FormControlLabel control={<Switch checked={Boolean(draft[key])} onChange={(e) => set(key, e.target.checked)} />} label={translate(`leagues.dialog.${key}`)} />
          </Grid>
        ))}
      </Grid>
    </FormDialog>
  );
}
