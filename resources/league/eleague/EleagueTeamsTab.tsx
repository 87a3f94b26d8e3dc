import { useState } from 'react';
import { Alert, Box, Button, Checkbox, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { dayKey } from '../../../core/api/eleagues';
import { nowSeconds, wallClock, zonedMidnight } from '../../../core/time';
import { useTouchlineDataProvider, type EmatchRecord, type EplayerRecord, type LeagueDetail } from '../../../dataProvider';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { AddEplayerDialog, ConsoleId } from './EleagueDialogs';
import './messages';
import { EmailText } from '../../../src/kit/components/ContactText';
import { TypedDateField } from '../../../src/kit/components/TypedDateField';

// An e-league's E-players tab (spec 3 §2.5, §3 "E-player", §4; issue 27 item 3, issue 41 m24): the players
// table (console id cut to 15 characters, the whole one in a tooltip; Discord name, customer) with Add
// e-player, and the day's panel — the day's matches with who
// checked in, Send by e-mail and No-shows, each disabled once POST /log/check says it was done for the
// league and day.

const pad = (n: number) => String(n).padStart(2, '0');
/** The facility's date of an instant, YYYY-MM-DD. */
export const zonedDate = (seconds: number, zone: string) => { const w = wallClock(seconds, zone); return `${w.year}-${pad(w.month)}-${pad(w.day)}`; };
/** The facility's midnight of a YYYY-MM-DD date. */
export const dateStart = (date: string, zone: string) => { const [y, m, d] = date.split('-').map(Number); return zonedMidnight(y, m, d, zone); };

export default function EleagueTeamsTab({ league }: { league: LeagueDetail }) {
  return (
    <Stack spacing={3}>
      <EplayersTable league={league} />
      <DayPanel league={league} />
    </Stack>
  );
}

export function EplayersTable({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { data: players = [], refetch } = useQuery({ queryKey: ['eplayers', league.ID], queryFn: () => dataProvider.leagueEplayers(league.ID) });
  const [adding, setAdding] = useState(false);
  const remove = async (p: EplayerRecord) => {
    if (!(await dialogs.confirmDelete({ message: translate('eleague.remove_confirm', { name: p.console_id }) }))) return;
    if (await dialogs.run(() => dataProvider.removeEplayerSignup(p.signup_id!))) void refetch();
  };
  return (
    <Box>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
        <Typography variant="h6" component="h2">{translate('eleague.players_title')}</Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>{translate('eleague.add_player.title')}</Button>
      </Stack>
      {adding && <AddEplayerDialog league={league} onClose={() => setAdding(false)} />}
      <Table size="small" aria-label={translate('eleague.players_title')}>
        <TableHead>
          <TableRow>{(['console_id', 'console', 'discord', 'customer', 'email', 'actions'] as const).map((c) => <TableCell key={c}>{translate(`eleague.columns.${c}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {players.length === 0 && <TableRow><TableCell colSpan={6}>{translate('eleague.no_players')}</TableCell></TableRow>}
          {players.map((p) => (
            <TableRow key={p.ID} data-testid="eplayer-row">
              <TableCell><RouterLink to={`/eplayer?gamertag=${encodeURIComponent(p.console_id)}`}><ConsoleId id={p.console_id} /></RouterLink></TableCell>
              <TableCell>{p.console}</TableCell>
              <TableCell>{p.discord_username}</TableCell>
              <TableCell><RouterLink to={`/customer/${p.customer.ID}`}>{p.customer.first_name} {p.customer.last_name}</RouterLink></TableCell>
              <TableCell>{p.customer.email && <EmailText email={p.customer.email} />}</TableCell>
              <TableCell>
                <Tooltip title={translate('eleague.remove')}><IconButton size="small" aria-label={translate('eleague.remove')} onClick={() => remove(p)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function DayPanel({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const zone = league.facility.time_zone;
  const [date, setDate] = useState(() => zonedDate(nowSeconds(), zone));
  const start = dateStart(date, zone);
  const key = dayKey(league.ID, date);
  const { data: matches = [], refetch } = useQuery({ queryKey: ['eleague-day', league.ID, start], queryFn: () => dataProvider.ematchDay(league.ID, start) });
  const sent = useQuery({ queryKey: ['log', 'ematch_send', key], queryFn: () => dataProvider.checkLog('ematch_send', key) });
  const noShows = useQuery({ queryKey: ['log', 'ematch_noshow', key], queryFn: () => dataProvider.checkLog('ematch_noshow', key) });
  const send = async () => {
    const answer = await dialogs.run(() => dataProvider.sendEmatchDay(league.ID, start));
    if (answer) dialogs.notifySuccess('eleague.day.sent', { messageArgs: { smart_count: answer.sent } });
    void sent.refetch();
  };
  const recordNoShows = async () => {
    const answer = await dialogs.run(() => dataProvider.recordNoShows(league.ID, start));
    if (answer) dialogs.notifySuccess('eleague.day.recorded', { messageArgs: { smart_count: answer.no_shows.length } });
    void noShows.refetch();
    void refetch();
  };
  const checkIn = async (m: EmatchRecord, side: 'home' | 'away', value: boolean) => {
    if (await dialogs.run(() => dataProvider.updateEmatch(m.ID, side === 'home' ? { home_checked_in: value } : { away_checked_in: value }))) void refetch();
  };
  const sentDone = sent.data?.done ?? true;
  const noShowsDone = noShows.data?.done ?? true;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="eleague-day">
      <Typography variant="h6" component="h2">{translate('eleague.day.title')}</Typography>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
        <TypedDateField type="date" size="small" sx={{ width: 200 }} label={translate('eleague.day.date')} value={date} onValue={setDate} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="contained" disabled={sentDone || matches.length === 0} onClick={send}>{translate('eleague.day.send')}</Button>
        <Button variant="outlined" disabled={noShowsDone || matches.length === 0} onClick={recordNoShows}>{translate('eleague.day.no_shows')}</Button>
      </Stack>
      {sent.data?.done && <Alert severity="info" sx={{ mb: 1 }}>{translate('eleague.day.sent_done')}</Alert>}
      {noShows.data?.done && <Alert severity="info" sx={{ mb: 1 }}>{translate('eleague.day.no_shows_done')}</Alert>}
      <Typography variant="body2" color="text.secondary">{translate('eleague.day.hint')}</Typography>
      <Table size="small" aria-label={translate('eleague.day.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('eleague.matches.time')}</TableCell>
            <TableCell>{translate('eleague.matches.home')}</TableCell>
            <TableCell>{translate('eleague.day.checked_in')}</TableCell>
            <TableCell>{translate('eleague.matches.away')}</TableCell>
            <TableCell>{translate('eleague.day.checked_in')}</TableCell>
            <TableCell>{translate('eleague.matches.score')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {matches.length === 0 && <TableRow><TableCell colSpan={6}>{translate('eleague.day.none')}</TableCell></TableRow>}
          {matches.map((m) => (
            <TableRow key={m.ID} data-testid="eleague-day-row">
              <TableCell>{m.time_parsed}</TableCell>
              <TableCell><ConsoleId id={m.home_player?.console_id ?? ''} /></TableCell>
              <TableCell><Checkbox size="small" checked={m.home_checked_in} onChange={(e) => checkIn(m, 'home', e.target.checked)} slotProps={{ input: { 'aria-label': `${translate('eleague.day.checked_in')}: ${m.home_player?.console_id ?? ''}` } }} /></TableCell>
              <TableCell><ConsoleId id={m.away_player?.console_id ?? ''} /></TableCell>
              <TableCell><Checkbox size="small" checked={m.away_checked_in} onChange={(e) => checkIn(m, 'away', e.target.checked)} slotProps={{ input: { 'aria-label': `${translate('eleague.day.checked_in')}: ${m.away_player?.console_id ?? ''}` } }} /></TableCell>
              <TableCell>{m.home_score ?? '–'} : {m.away_score ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
