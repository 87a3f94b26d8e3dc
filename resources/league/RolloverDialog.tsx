import { useState } from 'react';
import { Box, Button, Checkbox, DialogActions, DialogContent, FormControlLabel, Grid, MenuItem, Stack, Switch, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { rolloverLeague } from '../../core/api/leagues';
import { AGE_GROUP } from '../../core/constants';
import { formatDollars } from '../../core/money';
import { formatDate, nowSeconds } from '../../core/time';
import { rolloverName, rolloverProblem, SEASON_NAMES, seasonYears } from '../../core/validation/leagues';
import type { LeagueDetail, LeagueDivision, RolloverBody } from '../../dataProvider';
import { FormMessage, failure, type Message } from '../../src/kit/components/FormMessage';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';
import { showPath } from '../../src/kit/entity/paths';
import { KitDialog } from '../../src/kit/layout/KitDialog';
import { DATE_LABELS, DATES, SWITCHES, useLeagueProducts } from './LeagueInputs';
import { fromDateInput, toDateInput } from './shared';
import './messages';

// The rollover wizard (spec 3 §2.11, §5): tabs season, settings, dates, name, divisions, save, moved
// through with Prev and Next; Save (on the last tab) checks the spec's rules in their order, posts
// POST /league/rollover and goes to the new season. While the new season's early bird runs, Save offers
// to bill the carried-over teams its fee (on by default) rather than the full price.

const TABS = ['season', 'settings', 'dates', 'name', 'divisions', 'save'] as const;

type Settings = RolloverBody['new_league'];

/** Whether the new season's early bird runs now: then carried-over teams may be billed its fee (issue 41 m8). */
const earlyBirdRuns = (settings: Partial<Settings>) => Boolean(settings.enable_early_bird) && (settings.early_bird_end_date ?? 0) > nowSeconds();

export function RolloverDialog({ league, onClose }: { league: LeagueDetail; onClose(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const roll = useDeclaredMutation(rolloverLeague, { invalidates: ['league'], meta: { errorDialog: false } });
  const zone = league.facility.time_zone;
  const [tab, setTab] = useState(0);
  const [seasonName, setSeasonName] = useState<string>(league.properties.find((p) => p.key === 'Season')?.value ?? SEASON_NAMES[0]);
  const [year, setYear] = useState(new Date().getFullYear());
  const [settings, setSettings] = useState<Partial<Settings>>({
    description: league.description, new_product_id: league.new_product_id, age_group_id: league.age_group_id ?? AGE_GROUP.ADULT,
    max_teams: league.max_teams, duration: league.duration, color: league.color, enable_deposit: league.enable_deposit, enable_individual: league.enable_individual,
    display_schedule: league.display_schedule, available_online: league.available_online, require_membership: league.require_membership, enable_early_bird: league.enable_early_bird,
  });
  const [showPrevious, setShowPrevious] = useState(false);
  // The name follows the season and year chosen until the user types one (m7).
  const [typedName, setName] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<number, number[] | undefined>>({});
  const [empty, setEmpty] = useState(false);
  const [earlyBird, setEarlyBird] = useState(true);
  const [message, setMessage] = useState<Message | null>(null);
  const products = useLeagueProducts(league.facility_id).filter((p) => p.team_price > 0);
  const name = typedName ?? rolloverName(league.name, seasonName, year);
  // An edit answers the message of the last Save: it is checked again on the next (m7).
  const set = (key: keyof Settings, value: unknown) => { setSettings((s) => ({ ...s, [key]: value })); setMessage(null); };
  const suffix = (divisionName: string) => (divisionName.startsWith(league.name) ? divisionName.slice(league.name.length).trim() : divisionName);

  const save = async () => {
    const selected = league.divisions.filter((d) => chosen[d.ID]);
    const problem = rolloverProblem({ ...settings, divisions: selected.length });
    if (problem) return setMessage({ severity: 'error', text: problem });
    const body: RolloverBody = {
      previous_league_id: league.ID,
      new_league: {
        ...(settings as Settings), name, is_container: true, rollover_from: league.ID,
        properties: [{ key: 'Season', value: seasonName }, { key: 'Year', value: String(year) }],
      },
      new_divisions: selected.map((d) => ({
        division: { name: `${name} ${suffix(d.name)}`.trim(), description: settings.description ?? '', properties: [], available_online: false, is_container: false, rollover_from: d.ID },
        team_ids: chosen[d.ID] ?? [], previous_league_id: d.ID,
      })),
      empty,
      fee_kind: earlyBird ? 'early_bird' : 'full',
    };
    const created = await roll.mutateAsync({ body }).catch((e: unknown) => { setMessage(failure(e)); return undefined; });
    if (!created) return;
    onClose();
    navigate(showPath('league', created.ID));
  };

  const step = TABS[tab];
  return (
    <KitDialog open onClose={onClose} maxWidth="md" title={translate('leagues.rollover.title')}>
      <DialogContent>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable">
          {TABS.map((t) => <Tab key={t} label={translate(`leagues.rollover.tabs.${t}`)} />)}
        </Tabs>
        <Box sx={{ pt: 2 }}>
          {step === 'season' && (
            <Stack direction="row" spacing={2}>
              <TextField select size="small" sx={{ minWidth: 160 }} label={translate('leagues.rollover.season')} value={seasonName} onChange={(e) => setSeasonName(e.target.value)}>
                {SEASON_NAMES.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
              </TextField>
              <TextField select size="small" sx={{ minWidth: 120 }} label={translate('leagues.rollover.year')} value={year} onChange={(e) => setYear(Number(e.target.value))}>
                {seasonYears(new Date().getFullYear()).map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
              </TextField>
            </Stack>
          )}
          {step === 'settings' && (
            <Grid container spacing={2}>
              <Grid size={12}>
                <Button size="small" onClick={() => setShowPrevious(!showPrevious)}>{translate('leagues.rollover.previous')}</Button>
                {showPrevious && <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{league.name}: {league.description}</Typography>}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField select fullWidth size="small" required label={translate('leagues.rollover.product')} value={settings.new_product_id ?? ''} onChange={(e) => set('new_product_id', Number(e.target.value))}>
                  {products.map((p) => (
                    <MenuItem key={p.ID} value={p.ID}>
                      {translate('leagues.rollover.product_label', { name: p.name, full: formatDollars(p.full_price), deposit: formatDollars(p.deposit_price), early: formatDollars(p.early_bird_price) })}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField select fullWidth size="small" label={translate('leagues.rollover.age_group')} value={settings.age_group_id ?? ''} onChange={(e) => set('age_group_id', Number(e.target.value))}>
                  <MenuItem value={AGE_GROUP.ADULT}>{translate('leagues.rollover.adult')}</MenuItem>
                  <MenuItem value={AGE_GROUP.YOUTH}>{translate('leagues.rollover.youth')}</MenuItem>
                </TextField>
              </Grid>
              <Grid size={12}>
                <TextField fullWidth size="small" multiline minRows={2} required label={translate('leagues.rollover.description')} value={settings.description ?? ''} onChange={(e) => set('description', e.target.value)}
                  helperText={settings.description ? translate('leagues.rollover.description_hint') : undefined} FormHelperTextProps={{ sx: { color: 'error.main' } }} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth size="small" type="number" required label={translate('leagues.rollover.max_teams')} value={settings.max_teams ?? ''} onChange={(e) => set('max_teams', Number(e.target.value))} /></Grid>
              <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth size="small" type="number" required label={translate('leagues.rollover.duration')} value={settings.duration ?? ''} onChange={(e) => set('duration', Number(e.target.value))} /></Grid>
              <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth size="small" type="color" label={translate('leagues.rollover.color')} value={settings.color ?? '#3f51b5'} onChange={(e) => set('color', e.target.value)} /></Grid>
              {SWITCHES.map((key) => (
                <Grid key={key} size={{ xs: 12, sm: 6 }}>
                  <FormControlLabel control={<Switch checked={Boolean(settings[key])} onChange={(e) => set(key, e.target.checked)} />} label={translate(`leagues.dialog.${key}`)} />
                </Grid>
              ))}
            </Grid>
          )}
          {step === 'dates' && (
            <Grid container spacing={2}>
              {DATES.map((key) => (
                <Grid key={key} size={{ xs: 12, sm: 6 }}>
                  <TextField fullWidth size="small" type="date" required={!key.startsWith('early')} label={translate(`leagues.dialog.${DATE_LABELS[key]}`)} InputLabelProps={{ shrink: true }}
                    value={toDateInput(settings[key] as number | undefined, zone)} onChange={(e) => set(key, fromDateInput(e.target.value, zone, key.endsWith('end_date')))} />
                </Grid>
              ))}
            </Grid>
          )}
          {step === 'name' && <TextField fullWidth size="small" required label={translate('leagues.rollover.name')} value={name} onChange={(e) => { setName(e.target.value); setMessage(null); }} />}
          {step === 'divisions' && (
            <Stack spacing={1}>
              <Typography variant="body2">{translate('leagues.rollover.divisions')}</Typography>
              {league.divisions.map((d) => (
                <DivisionChoice key={d.ID} division={d} picked={chosen[d.ID]} onChange={(teamIds) => setChosen({ ...chosen, [d.ID]: teamIds })} />
              ))}
            </Stack>
          )}
          {step === 'save' && (
            <Stack spacing={1}>
              <Typography variant="body2">{translate('leagues.rollover.confirm')}</Typography>
              <FormControlLabel control={<Checkbox checked={empty} onChange={(e) => setEmpty(e.target.checked)} />} label={translate('leagues.rollover.empty')} />
              {!empty && earlyBirdRuns(settings) && (
                <FormControlLabel control={<Switch checked={earlyBird} onChange={(e) => setEarlyBird(e.target.checked)} />}
                  label={translate('leagues.rollover.early_bird_fee', { date: formatDate(settings.early_bird_end_date!, zone) })} />
              )}
            </Stack>
          )}
          <Box sx={{ pt: 2 }}><FormMessage message={message} /></Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button disabled={tab === 0} onClick={() => setTab(tab - 1)}>{translate('leagues.rollover.prev')}</Button>
        {tab < TABS.length - 1
          ? <Button variant="contained" onClick={() => setTab(tab + 1)}>{translate('leagues.rollover.next')}</Button>
          : <Button variant="contained" onClick={save}>{translate('leagues.rollover.save')}</Button>}
      </DialogActions>
    </KitDialog>
  );
}

/** A division to carry over, ticked with all its teams (read with it: the division's page), then team by team. */
function DivisionChoice({ division, picked, onChange }: { division: LeagueDivision; picked: number[] | undefined; onChange(teamIds: number[] | undefined): void }) {
  const { data } = useGetOne<LeagueDetail & { id: number }>('league', { id: division.ID });
  const teams = data?.teams ?? [];
  return (
    <Box>
      {/* Ticked only once its teams are read: ticked before, it would carry over none of them. */}
      <FormControlLabel label={division.name} disabled={!data}
        control={<Checkbox checked={Boolean(picked)} onChange={(e) => onChange(e.target.checked ? teams.map((x) => x.team.ID) : undefined)} />} />
      {picked && (
        <Stack sx={{ pl: 4 }}>
          {teams.map((x) => (
            <FormControlLabel key={x.ID} label={x.team.name} control={<Checkbox size="small" checked={picked.includes(x.team.ID)}
              onChange={(e) => onChange(e.target.checked ? [...picked, x.team.ID] : picked.filter((id) => id !== x.team.ID))} />} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
