import { useMemo, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Chip, FormControlLabel, IconButton, MenuItem, Paper, Stack, Step, StepLabel, Stepper, Table, TableBody, TableCell, TableHead,
  TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useTranslate } from 'react-admin';
import { conflictRows, doubleHeaderRows } from '../../../core/schedule/fairness';
import { LEAGUE_DEFAULTS } from '../../../core/validation/leagues';
import { useTouchlineDataProvider, type BuiltSchedule, type LeagueDetail, type NewMatch, type ProposedMatch } from '../../../dataProvider';
import { failure, FormMessage, type Message } from '../../../src/kit/components/FormMessage';
import { TypedDateField } from '../../../src/kit/components/TypedDateField';
import { useSubmitOnce } from '../../../src/kit/components/useSubmitOnce';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { dayOf, fromInput, teamNamer, toDateInput, toInput, useLeagueFields, type FieldOption } from './shared';
import './messages';

// The schedule builder (spec 3 §2.7, §4; issues 25 and 41): Schedule settings → Confirmation →
// Scheduled matches. The review says first what does not fit between the league's dates (how many
// games, why, which teams) and which team plays one more game than asked; then each computed match OK
// or Taken (the calendar and opening hours), byes (every round's), rows in conflict (red), moved outside
// the dates (red) and double-headers (amber); editing a row's time or field marks it To check until
// Check is run; Save matches only when nothing needs a check and every game is within the dates. A save refused because a field was
// taken meanwhile (another builder) checks every row again, so the Taken ones show.

interface SlotDraft { field: number | ''; weekday: number; start_time: string; end_time: string }
type Row = ProposedMatch & { key: number; to_check: boolean };

const STEPS = ['settings', 'confirmation', 'review'] as const;
const QUARTER_HOUR = { step: 900 };

export default function ScheduleBuilder({ league, onSaved }: { league: LeagueDetail; onSaved(): void }) {
  const translate = useTranslate();
  const zone = league.facility.time_zone;
  const fields = useLeagueFields(league);
  const [step, setStep] = useState(0);
  const [startDate, setStartDate] = useState(toDateInput(league.start_date, zone));
  const [games, setGames] = useState<number>(LEAGUE_DEFAULTS.games);
  const [duration, setDuration] = useState(league.duration);
  const [teams, setTeams] = useState(() => league.teams.map((signup) => signup.team.ID));
  const [slots, setSlots] = useState<SlotDraft[]>([{ field: '', weekday: 3, start_time: '18:00', end_time: '22:00' }]);
  const [rows, setRows] = useState<Row[]>([]);
  const [notes, setNotes] = useState<Pick<BuiltSchedule, 'shortfall' | 'extra'>>({ shortfall: null, extra: [] });
  const [message, setMessage] = useState<Message | null>(null);
  const dataProvider = useTouchlineDataProvider();
  const dialogs = useDialogs();
  const { busy, submit } = useSubmitOnce();
  const slotsWithField = slots.map((slot) => ({ ...slot, field: slot.field === '' ? fields[0]?.ID ?? 0 : slot.field }));

  const build = async () => {
    setMessage(null);
    const start_date = fromInput(startDate, zone);
    if (start_date === null) return setMessage({ severity: 'error', text: translate('league_schedule.start_date') });
    try {
      const { matches, shortfall, extra } = await dataProvider.buildSchedule({ league_id: league.ID, teams, games, duration, start_date, slots: slotsWithField }, league.is_tournament);
      setRows(matches.map((m, key) => ({ ...m, key, to_check: false })));
      setNotes({ shortfall, extra });
      setStep(2);
    } catch (error) {
      setMessage(failure(error));
    }
  };

  const check = async (which: (row: Row) => boolean) => {
    const targets = rows.filter((row) => !row.is_bye && which(row));
    if (!targets.length) return;
    const checked = await dialogs.run(() => dataProvider.checkRepeat(targets.map((row) => ({ field_id: row.field_id!, start_date: row.date, end_date: row.date + row.duration * 60 }))));
    if (!checked) return;
    const byKey = new Map(targets.map((row, i) => [row.key, checked.events[i]]));
    setRows((current) => current.map((row) => {
      const result = byKey.get(row.key);
      return result ? { ...row, to_check: false, is_ok: result.is_ok, reason: result.closed ?? (result.events_on_spot[0] ? `${result.events_on_spot[0].product_type} ${result.events_on_spot[0].comment ?? ''}`.trim() : null) } : row;
    }));
  };

  const save = async () => {
    setMessage(null);
    const games: NewMatch[] = rows.filter((row) => !row.is_bye).map((row) => ({
      home_team_id: row.home_team_id, away_team_id: row.away_team_id, date: row.date, field_id: row.field_id!, duration: row.duration,
      match_type: 'regular', round: row.round, week: row.week, index: row.index, group: row.group,
    }));
    try {
      const saved = await submit((key) => dataProvider.saveMatches(league.ID, games, key));
      if (!saved) return;
      dialogs.notifySuccess('league_schedule.saved');
      onSaved();
    } catch (error) {
      setMessage(failure(error));
      await check(() => true);
    }
  };

  const change = (key: number, patch: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch, to_check: true } : row)));
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));
  const blocked = rows.some((row) => !row.is_bye && (row.to_check || !row.is_ok || outsideDates(league, row.date))) || conflictRows(rows).length > 0;

  return (
    <Stack spacing={2}>
      <Stepper activeStep={step}>
        {STEPS.map((name) => <Step key={name}><StepLabel>{translate(`league_schedule.steps.${name}`)}</StepLabel></Step>)}
      </Stepper>
      {step === 0 && (
        <Settings
          league={league} fields={fields} startDate={startDate} setStartDate={setStartDate} games={games} setGames={setGames} duration={duration} setDuration={setDuration}
          teams={teams} setTeams={setTeams} slots={slots} setSlots={setSlots}
        />
      )}
      {step === 1 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>{translate('league_schedule.confirm_line', { games, teams: teams.length, duration, date: dayOf(fromInput(startDate, zone) ?? league.start_date, zone) })}</Typography>
          {slotsWithField.map((slot, i) => (
            <Typography key={i} variant="body2">
              {translate(`league_schedule.weekdays.${slot.weekday}`)} {slot.start_time}–{slot.end_time} · {fields.find((f) => f.ID === slot.field)?.name}
            </Typography>
          ))}
        </Paper>
      )}
      {step === 2 && <ScheduleNotes league={league} games={games} {...notes} />}
      {step === 2 && <Review league={league} rows={rows} fields={fields} onChange={change} onRemove={remove} />}
      <FormMessage message={message} />
      {step === 2 && blocked && <Alert severity="warning">{translate('league_schedule.needs_check')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button disabled={step === 0} onClick={() => setStep(step - 1)}>{translate('league_schedule.back')}</Button>
        {step === 0 && <Button variant="contained" disabled={teams.length < 2 || fields.length === 0} onClick={() => setStep(1)}>{translate('league_schedule.next')}</Button>}
        {step === 1 && <Button variant="contained" onClick={build}>{translate('league_schedule.build')}</Button>}
        {step === 2 && <Button onClick={() => check((row) => row.to_check)} disabled={!rows.some((row) => row.to_check)}>{translate('league_schedule.check')}</Button>}
        {step === 2 && <Button variant="contained" disabled={blocked || busy} onClick={save}>{translate('league_schedule.save')}</Button>}
      </Stack>
    </Stack>
  );
}

interface SettingsProps {
  league: LeagueDetail; fields: FieldOption[];
  startDate: string; setStartDate(v: string): void; games: number; setGames(v: number): void; duration: number; setDuration(v: number): void;
  teams: number[]; setTeams(v: number[]): void; slots: SlotDraft[]; setSlots(v: SlotDraft[]): void;
}

function Settings({ league, fields, startDate, setStartDate, games, setGames, duration, setDuration, teams, setTeams, slots, setSlots }: SettingsProps) {
  const translate = useTranslate();
  const zone = league.facility.time_zone;
  const setSlot = (i: number, patch: Partial<SlotDraft>) => setSlots(slots.map((slot, j) => (j === i ? { ...slot, ...patch } : slot)));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          size="small" type="date" label={translate('league_schedule.start_date')} value={startDate} onChange={(e) => setStartDate(e.target.value)}
          helperText={translate('league_schedule.within_dates', { first: dayOf(league.start_date, zone), last: dayOf(league.end_date, zone) })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toDateInput(league.start_date, zone), max: toDateInput(league.end_date, zone) } }}
        />
        <TextField size="small" type="number" label={translate('league_schedule.games')} value={games} onChange={(e) => setGames(Number(e.target.value))} helperText={translate('league_schedule.games_hint')} slotProps={{ htmlInput: { min: 1, max: 100 } }} />
        <TextField size="small" type="number" label={translate('league_schedule.duration')} value={duration} onChange={(e) => setDuration(Number(e.target.value))} slotProps={{ htmlInput: { min: 5, step: 5 } }} />
      </Stack>
      <Box>
        <Typography variant="subtitle2">{translate('league_schedule.teams')}</Typography>
        {league.teams.map(({ team }) => (
          <FormControlLabel
            key={team.ID} label={team.name}
            control={<Checkbox checked={teams.includes(team.ID)} onChange={(e) => setTeams(e.target.checked ? [...teams, team.ID] : teams.filter((id) => id !== team.ID))} />}
          />
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle2">{translate('league_schedule.slots')}</Typography>
        {slots.map((slot, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ mt: 1 }} alignItems="center">
            <TextField select size="small" label={translate('league_schedule.field')} value={slot.field === '' ? fields[0]?.ID ?? '' : slot.field} onChange={(e) => setSlot(i, { field: Number(e.target.value) })} sx={{ minWidth: 160 }}>
              {fields.map((field) => <MenuItem key={field.ID} value={field.ID}>{field.name}</MenuItem>)}
            </TextField>
            <TextField select size="small" label={translate('league_schedule.weekday')} value={slot.weekday} onChange={(e) => setSlot(i, { weekday: Number(e.target.value) })} sx={{ minWidth: 140 }}>
              {[1, 2, 3, 4, 5, 6, 0].map((day) => <MenuItem key={day} value={day}>{translate(`league_schedule.weekdays.${day}`)}</MenuItem>)}
            </TextField>
            <TextField size="small" type="time" label={translate('league_schedule.start_time')} value={slot.start_time} onChange={(e) => setSlot(i, { start_time: e.target.value })} slotProps={{ htmlInput: QUARTER_HOUR, inputLabel: { shrink: true } }} />
            <TextField size="small" type="time" label={translate('league_schedule.end_time')} value={slot.end_time} onChange={(e) => setSlot(i, { end_time: e.target.value })} slotProps={{ htmlInput: QUARTER_HOUR, inputLabel: { shrink: true } }} />
            <IconButton aria-label={translate('league_schedule.remove_slot')} disabled={slots.length === 1} onClick={() => setSlots(slots.filter((_, j) => j !== i))}><RemoveCircleOutlineIcon /></IconButton>
          </Stack>
        ))}
        <Button sx={{ mt: 1 }} onClick={() => setSlots([...slots, { ...slots[slots.length - 1] }])}>{translate('league_schedule.add_slot')}</Button>
      </Box>
    </Stack>
  );
}

interface ReviewProps { league: LeagueDetail; rows: Row[]; fields: FieldOption[]; onChange(key: number, patch: Partial<Row>): void; onRemove(key: number): void }

/** The computed matches, editable: time and field; each row's state in words as well as colour. */
function Review({ league, rows, fields, onChange, onRemove }: ReviewProps) {
  const translate = useTranslate();
  const zone = league.facility.time_zone;
  const name = teamNamer(league, { bye: translate('league_schedule.bye'), tbd: translate('league_schedule.tbd') });
  const conflicts = useMemo(() => new Set(conflictRows(rows)), [rows]);
  const doubles = useMemo(() => new Set(doubleHeaderRows(rows, zone)), [rows, zone]);
  const pools = rows.some((row) => row.group !== null);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('league_schedule.legend')} {translate('league_schedule.byes_note')}</Typography>
      <Table size="small" aria-label={translate('league_schedule.steps.review')}>
        <TableHead>
          <TableRow>
            {(['round', 'week', ...(pools ? ['group'] : []), 'date', 'field', 'home', 'away', 'status', 'actions'] as const).map((c) => <TableCell key={c}>{translate(`league_schedule.columns.${c}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => {
            const taken = !row.is_bye && !row.to_check && !row.is_ok;
            const outside = !row.is_bye && outsideDates(league, row.date);
            const state = row.is_bye ? 'bye' : outside ? 'outside' : row.to_check ? 'to_check' : taken ? 'taken' : conflicts.has(i) ? 'conflict' : doubles.has(i) ? 'double' : 'ok';
            const tone = taken || outside || conflicts.has(i) ? 'error.light' : doubles.has(i) ? 'warning.light' : undefined;
            return (
              <TableRow key={row.key} data-testid="review-row" data-state={state} sx={{ bgcolor: tone }}>
                <TableCell>{row.round}</TableCell>
                <TableCell>{row.week}</TableCell>
                {pools && <TableCell>{row.group}</TableCell>}
                <TableCell>
                  {row.is_bye ? dayOf(row.date, zone) : (
                    <TypedDateField
                      size="small" type="datetime-local" value={toInput(row.date, zone)} slotProps={{ htmlInput: { ...QUARTER_HOUR, 'aria-label': translate('league_schedule.columns.date') } }}
                      onValue={(value) => { const date = fromInput(value, zone); if (date !== null) onChange(row.key, { date }); }}
                    />
                  )}
                </TableCell>
                <TableCell>
                  {!row.is_bye && (
                    <TextField select size="small" value={row.field_id ?? ''} slotProps={{ select: { SelectDisplayProps: { 'aria-label': translate('league_schedule.columns.field') } as object } }} onChange={(e) => onChange(row.key, { field_id: Number(e.target.value) })} sx={{ minWidth: 130 }}>
                      {fields.map((field) => <MenuItem key={field.ID} value={field.ID}>{field.name}</MenuItem>)}
                    </TextField>
                  )}
                </TableCell>
                <TableCell>{name(row.home_team_id)}</TableCell>
                <TableCell>{name(row.away_team_id)}</TableCell>
                <TableCell>
                  <Tooltip title={row.reason ?? ''}>
                    <Chip size="small" label={translate(`league_schedule.status.${state}`)} color={state === 'ok' ? 'success' : state === 'taken' || state === 'conflict' || state === 'outside' ? 'error' : state === 'bye' ? 'default' : 'warning'} />
                  </Tooltip>
                  {taken && row.reason && <Typography variant="caption" display="block">{row.reason}</Typography>}
                </TableCell>
                <TableCell>
                  <IconButton size="small" aria-label={translate('league_schedule.remove_row')} onClick={() => onRemove(row.key)}><DeleteIcon fontSize="small" /></IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Before saving: the games that do not fit between the league's dates (how many, why, which teams) and the team that plays one more. */
function ScheduleNotes({ league, games, shortfall, extra }: { league: LeagueDetail; games: number } & Pick<BuiltSchedule, 'shortfall' | 'extra'>) {
  const translate = useTranslate();
  const zone = league.facility.time_zone;
  const name = teamNamer(league, { bye: '', tbd: '' });
  return (
    <>
      {shortfall && (
        <Alert severity="warning" data-testid="schedule-shortfall">
          {translate('league_schedule.shortfall', { games: shortfall.games, wanted: shortfall.wanted, first: dayOf(league.start_date, zone), last: dayOf(league.end_date, zone) })}{' '}
          {translate(`league_schedule.shortfall_reasons.${shortfall.reason}`, { cells: shortfall.cells, days: shortfall.days })}{' '}
          {translate('league_schedule.shortfall_teams', { teams: shortfall.teams.map((t) => `${name(t.team_id)} (${t.games})`).join(', ') })}
        </Alert>
      )}
      {extra.map((t) => (
        <Alert key={t.team_id} severity="info" data-testid="schedule-extra">
          {translate('league_schedule.extra_game', { team: name(t.team_id), count: t.games, games })}
        </Alert>
      ))}
    </>
  );
}

/** Whether a kick-off lies outside the league's start and end dates (the server refuses it). */
const outsideDates = (league: LeagueDetail, date: number) => date < league.start_date || date > league.end_date;
