import { useState } from 'react';
import { Button, MenuItem, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { EMATCH_PAGE } from '../../../core/api/eleagues';
import { formatDate, nowSeconds } from '../../../core/time';
import { useTouchlineDataProvider, type EmatchRecord, type LeagueDetail } from '../../../dataProvider';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { ScoreInput } from '../schedule/ScoreInput';
import { dateStart, zonedDate } from './EleagueTeamsTab';
import '../schedule/messages';
import { AddEmatchDialog, ConsoleId } from './EleagueDialogs';
import './messages';

// An e-league's Schedule, Play-offs and Standings tabs (spec 3 §2.5, §3 "E-match", §7, §9; issue 27
// item 3): the e-matches in pages of 50 with their scores, the schedule builder (the league schedule's
// fair round robin, one console per match) while there is none, the standings, and the play-off rounds.

export default function EleagueTab({ league, tab }: { league: LeagueDetail; tab: 'schedule' | 'playoffs' | 'standings' }) {
  if (tab === 'standings') return <Standings league={league} />;
  if (tab === 'playoffs') return <Playoffs league={league} />;
  return <Schedule league={league} />;
}

function Schedule({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [page, setPage] = useState(1);
  const { data, refetch } = useQuery({ queryKey: ['ematches', league.ID, page], queryFn: () => dataProvider.ematches(league.ID, page) });
  const [adding, setAdding] = useState(false);
  if (!data) return null;
  return (
    <Stack spacing={2}>
      {data.total === 0 && <Builder league={league} onBuilt={() => void refetch()} />}
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
        <Typography variant="h6" component="h2">{translate('eleague.matches.title')}</Typography>
        <Button variant="outlined" onClick={() => setAdding(true)}>{translate('eleague.add_match.title')}</Button>
      </Stack>
      {adding && <AddEmatchDialog league={league} onClose={() => setAdding(false)} />}
      <Ematches matches={data.matches} zone={league.facility.time_zone} onSaved={() => void refetch()} />
      {data.total > EMATCH_PAGE && <Pagination count={Math.ceil(data.total / EMATCH_PAGE)} page={page} onChange={(_, p) => setPage(p)} />}
    </Stack>
  );
}

function Ematches({ matches, zone, onSaved, rounds }: { matches: EmatchRecord[]; zone: string; onSaved(): void; rounds?: boolean }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const save = async (m: EmatchRecord, side: 'home_score' | 'away_score', score: number | null) => {
    if (await dialogs.run(() => dataProvider.updateEmatch(m.ID, { [side]: score }))) onSaved();
  };
  return (
    <Table size="small" aria-label={translate('eleague.matches.title')}>
      <TableHead>
        <TableRow>
          {rounds && <TableCell>{translate('eleague.matches.round')}</TableCell>}
          {(['date', 'time', 'home', 'score', 'away'] as const).map((c) => <TableCell key={c} align={c === 'score' ? 'center' : 'left'}>{translate(`eleague.matches.${c}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {matches.length === 0 && <TableRow><TableCell colSpan={6}>{translate(rounds ? 'eleague.playoffs_empty' : 'eleague.matches.empty')}</TableCell></TableRow>}
        {matches.map((m) => (
          <TableRow key={m.ID} data-testid="ematch-row">
            {rounds && <TableCell>{translate(`playoffs.levels.${m.level}`, { _: `Round of ${m.level}` })}</TableCell>}
            <TableCell>{formatDate(m.date, zone)}</TableCell>
            <TableCell>{m.time_parsed}</TableCell>
            <TableCell><ConsoleId id={m.home_player?.console_id ?? ''} /></TableCell>
            <TableCell align="center">
              <Stack direction="row" spacing={1} justifyContent="center" alignItems="center">
                <ScoreInput value={m.home_score} label={`${translate('eleague.matches.home_score')} ${m.home_player?.console_id ?? ''}`} onSave={(s) => save(m, 'home_score', s)} />
                <span>:</span>
                <ScoreInput value={m.away_score} label={`${translate('eleague.matches.away_score')} ${m.away_player?.console_id ?? ''}`} onSave={(s) => save(m, 'away_score', s)} />
              </Stack>
            </TableCell>
            <TableCell><ConsoleId id={m.away_player?.console_id ?? ''} /></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Builder({ league, onBuilt }: { league: LeagueDetail; onBuilt(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const queryClient = useQueryClient();
  const zone = league.facility.time_zone;
  const [form, setForm] = useState({ date: zonedDate(Math.max(nowSeconds(), league.start_date), zone), games: 7, duration: league.duration || 15, weekday: 3, start_time: '19:00', end_time: '22:00', consoles: 2 });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: ['date', 'start_time', 'end_time'].includes(key) ? e.target.value : Number(e.target.value) });
  const build = async () => {
    const built = await dialogs.run(() => dataProvider.scheduleEleague({
      league_id: league.ID, games: form.games, duration: form.duration, start_date: dateStart(form.date, zone),
      slots: [{ weekday: form.weekday, start_time: form.start_time, end_time: form.end_time, consoles: form.consoles }],
    }));
    if (!built) return;
    dialogs.notifySuccess('eleague.schedule.built', { messageArgs: { smart_count: built.length } });
    void queryClient.invalidateQueries({ queryKey: ['eleague-day', league.ID] });
    onBuilt();
  };
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">{translate('eleague.schedule.title')}</Typography>
      <Typography variant="body2" color="text.secondary">{translate('eleague.schedule.hint')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <TextField size="small" type="date" label={translate('eleague.schedule.start_date')} value={form.date} onChange={set('date')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="number" label={translate('eleague.schedule.games')} value={form.games} onChange={set('games')} sx={{ width: 150 }} />
        <TextField size="small" type="number" label={translate('eleague.schedule.duration')} value={form.duration} onChange={set('duration')} sx={{ width: 200 }} />
        <TextField size="small" select label={translate('eleague.schedule.weekday')} value={form.weekday} onChange={set('weekday')} sx={{ width: 150 }}>
          {[0, 1, 2, 3, 4, 5, 6].map((d) => <MenuItem key={d} value={d}>{translate(`league_schedule.weekdays.${d}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="time" label={translate('eleague.schedule.start_time')} value={form.start_time} onChange={set('start_time')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }} />
        <TextField size="small" type="time" label={translate('eleague.schedule.end_time')} value={form.end_time} onChange={set('end_time')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }} />
        <TextField size="small" type="number" label={translate('eleague.schedule.consoles')} value={form.consoles} onChange={set('consoles')} sx={{ width: 110 }} />
        <Button variant="contained" onClick={build}>{translate('eleague.schedule.build')}</Button>
      </Stack>
    </Stack>
  );
}

function Standings({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { data: rows = [] } = useQuery({ queryKey: ['eleague-standings', league.ID], queryFn: () => dataProvider.ematchStandings(league.ID) });
  const columns = ['rank', 'team', 'games', 'won', 'draw', 'lost', 'gf', 'ga', 'gd', 'points'] as const;
  return (
    <Table size="small" aria-label={translate('standings.table')}>
      <TableHead>
        <TableRow>{columns.map((c) => <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>{c === 'team' ? translate('eleague.columns.console_id') : translate(`standings.columns.${c}`)}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="standings-row">
            {columns.map((c) => <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>{c === 'team' ? <ConsoleId id={row.team} /> : row[c]}</TableCell>)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Playoffs({ league }: { league: LeagueDetail }) {
  const dataProvider = useTouchlineDataProvider();
  const { data: matches, refetch } = useQuery({ queryKey: ['eleague-playoffs', league.ID], queryFn: () => dataProvider.ematchPlayoffs(league.ID) });
  return matches ? <Ematches matches={matches} zone={league.facility.time_zone} rounds onSaved={() => void refetch()} /> : null;
}
