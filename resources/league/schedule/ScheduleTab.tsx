import { useMemo, useState } from 'react';
import { Box, Button, Chip, IconButton, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Role } from '../../../core/constants';
import { can } from '../../../core/permissions';
import { conflictRows, doubleHeaderRows } from '../../../core/schedule/fairness';
import { nowSeconds } from '../../../core/time';
import { useTouchlineDataProvider, type LeagueDetail, type MatchRecord } from '../../../dataProvider';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { MatchDialog } from './MatchDialog';
import ScheduleBuilder from './ScheduleBuilder';
import { ScoreInput } from './ScoreInput';
import { dayOf, matchesKey, started, teamNamer, timeOf } from './shared';
import './messages';

// The league page's Schedule tab (spec 3 §2.7, §4): the builder while the league has no games; then
// the list of its games with their scores (typed in place, saved on blur), Add manual game, Delete all
// games (admins and managers) and Print Schedule. A game's score is typed once it has kicked off (the
// server refuses it before; the inputs say so in words). Rows in conflict are red, double-headers
// amber and friendlies green, each with its state in words.


export default function ScheduleTab({ league }: { league: LeagueDetail }) {
  const dataProvider = useTouchlineDataProvider();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: matchesKey(league.ID), queryFn: () => dataProvider.listMatches(league.ID) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: matchesKey(league.ID) });
  if (!data) return null;
  const games = data.matches.filter((m) => m.match_type !== 'playoffs');
  return games.length === 0 ? <ScheduleBuilder league={league} onSaved={reload} /> : <MatchList league={league} games={games} reload={reload} />;
}

function MatchList({ league, games, reload }: { league: LeagueDetail; games: MatchRecord[]; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const [editing, setEditing] = useState<MatchRecord | 'new' | null>(null);
  const zone = league.facility.time_zone;
  const name = teamNamer(league, { bye: translate('league_schedule.bye'), tbd: translate('league_schedule.tbd') });
  const conflicts = useMemo(() => new Set(conflictRows(games)), [games]);
  const doubles = useMemo(() => new Set(doubleHeaderRows(games, zone)), [games, zone]);
  const mayDelete = can(role, 'leagues', 'delete_games');
  const now = nowSeconds();
  const score = async (match: MatchRecord, side: 'home_score' | 'away_score', value: number | null) => {
    if (await dialogs.run(() => dataProvider.updateMatch(match.ID, { [side]: value }))) reload();
  };
  const deleteAll = async () => {
    if (!(await dialogs.confirmDelete({ message: translate('league_schedule.delete_all_confirm', { count: games.length }) }))) return;
    if (await dialogs.run(() => dataProvider.deleteSchedule(league.ID))) reload();
  };
  const deleteOne = async (match: MatchRecord) => {
    if (!(await dialogs.confirmDelete({ message: translate('league_schedule.delete_confirm') }))) return;
    if (await dialogs.run(() => dataProvider.deleteMatch(match.ID))) reload();
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} className="no-print">
        <Button variant="contained" onClick={() => setEditing('new')}>{translate('league_schedule.add_manual')}</Button>
        {mayDelete && <Button color="error" onClick={deleteAll}>{translate('league_schedule.delete_all')}</Button>}
        <Button onClick={() => window.print()}>{translate('league_schedule.print')}</Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" className="no-print">{translate('league_schedule.legend')}</Typography>
      <Table size="small" aria-label={translate('league_schedule.table')}>
        <TableHead>
          <TableRow>
            {(['week', 'date', 'time', 'field', 'home', 'score', 'away', 'status', 'actions'] as const).map((c) => <TableCell key={c}>{translate(`league_schedule.columns.${c}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {games.map((match, i) => {
            const state = conflicts.has(i) ? 'conflict' : doubles.has(i) ? 'double' : match.match_type === 'friendly' ? 'friendly' : null;
            const tone = state === 'conflict' ? 'error.light' : state === 'double' ? 'warning.light' : state === 'friendly' ? 'success.light' : undefined;
            return (
              <TableRow key={match.ID} data-testid="match-row" sx={{ bgcolor: tone }}>
                <TableCell>{match.week}</TableCell>
                <TableCell>{match.event ? <Link component={RouterLink} to={`/calendar/event/${match.event.ID}`}>{dayOf(match.date, zone)}</Link> : dayOf(match.date, zone)}</TableCell>
                <TableCell>{timeOf(match.date, zone)}</TableCell>
                <TableCell>{match.event?.field_name ?? ''}</TableCell>
                <TableCell>{match.home_team ?? name(match.home_team_id)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <ScoreInput value={match.home_score} label={translate('league_schedule.home_score')} disabled={!started(match, now)} onSave={(v) => score(match, 'home_score', v)} />
                    –
                    <ScoreInput value={match.away_score} label={translate('league_schedule.away_score')} disabled={!started(match, now)} onSave={(v) => score(match, 'away_score', v)} />
                  </Box>
                  {!started(match, now) && <Typography variant="caption" color="text.secondary" data-testid="score-later">{translate('league_schedule.not_started')}</Typography>}
                </TableCell>
                <TableCell>{match.away_team ?? name(match.away_team_id)}</TableCell>
                <TableCell>
                  {state && <Chip size="small" label={translate(state === 'friendly' ? 'league_schedule.friendly' : `league_schedule.status.${state}`)} color={state === 'conflict' ? 'error' : state === 'double' ? 'warning' : 'success'} />}
                  {match.no_show && <Chip size="small" sx={{ ml: 0.5 }} label={translate(`league_schedule.no_show_${match.no_show}`)} />}
                </TableCell>
                <TableCell className="no-print">
                  <IconButton size="small" aria-label={translate('league_schedule.edit')} onClick={() => setEditing(match)}><EditIcon fontSize="small" /></IconButton>
                  {mayDelete && <IconButton size="small" aria-label={translate('league_schedule.delete')} onClick={() => deleteOne(match)}><DeleteIcon fontSize="small" /></IconButton>}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {editing && <MatchDialog league={league} match={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
