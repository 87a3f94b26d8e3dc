import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../core/constants';
import { can } from '../../../core/permissions';
import { DEFAULT_PLAYOFF_LEVELS, PLAYOFF_LEVELS } from '../../../core/schedule/playoffs';
import { nowSeconds } from '../../../core/time';
import { useTouchlineDataProvider, type LeagueDetail, type MatchRecord, type ProposedMatch } from '../../../dataProvider';
import { failure, FormMessage, type Message } from '../../../src/kit/components/FormMessage';
import { useSubmitOnce } from '../../../src/kit/components/useSubmitOnce';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { ScoreInput } from './ScoreInput';
import { dayOf, fromInput, matchesKey, started, teamNamer, timeOf, toDateInput, useLeagueFields } from './shared';
import './messages';

// The league page's Play-offs tab (spec 3 §2.8, §4; issue 25): without play-offs, the generator (the
// first round — 16, 8, 4 or 2, semi finals by default — and per round a field and a first kick-off),
// Pre-Generate (the rounds start on the league's last day, from 18:00, two hours apart, until changed), the review with each match's availability, Save; then the bracket, whose scores move
// the winners on, with Rebuild and Delete (confirmed; admins and managers) and Print.

const playoffsKey = (leagueId: number) => ['league', 'schedule', 'playoffs', leagueId];
const roundsFrom = (first: number) => PLAYOFF_LEVELS.filter((level) => level <= first);

export default function PlayoffsTab({ league }: { league: LeagueDetail }) {
  const dataProvider = useTouchlineDataProvider();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: playoffsKey(league.ID), queryFn: () => dataProvider.playoffs(league.ID) });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: playoffsKey(league.ID) });
    void queryClient.invalidateQueries({ queryKey: matchesKey(league.ID) });
  };
  if (!data) return null;
  return data.length === 0 ? <Generator league={league} onSaved={reload} /> : <Bracket league={league} matches={data} reload={reload} />;
}

interface RoundDraft { level: number; field_id: number | ''; start: string }

function Generator({ league, onSaved }: { league: LeagueDetail; onSaved(): void }) {
  const translate = useTranslate();
  const zone = league.facility.time_zone;
  const fields = useLeagueFields(league);
  const dataProvider = useTouchlineDataProvider();
  const dialogs = useDialogs();
  const { busy, submit } = useSubmitOnce();
  const [duration, setDuration] = useState(league.duration);
  const roundDrafts = (first: number): RoundDraft[] =>
    roundsFrom(first).map((level, i) => ({ level, field_id: '', start: `${toDateInput(league.end_date, zone)}T${18 + 2 * i}:00` }));
  const [rounds, setRounds] = useState<RoundDraft[]>(() => roundDrafts(DEFAULT_PLAYOFF_LEVELS[0]));
  const [review, setReview] = useState<ProposedMatch[] | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const name = teamNamer(league, { bye: translate('league_schedule.bye'), tbd: translate('league_schedule.tbd') });
  const body = () => ({
    league_id: league.ID, duration,
    round_settings: rounds.map((r) => ({ level: r.level, field_id: r.field_id === '' ? fields[0]?.ID ?? 0 : r.field_id, start_time: fromInput(r.start, zone) ?? 0 })),
  });
  const setRound = (i: number, patch: Partial<RoundDraft>) => setRounds(rounds.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const preGenerate = async () => {
    setMessage(null);
    try {
      setReview((await dataProvider.previewPlayoffs(body())).matches);
    } catch (error) {
      setMessage(failure(error));
    }
  };
  const save = async () => {
    setMessage(null);
    try {
      if (!(await submit((key) => dataProvider.createPlayoffs(body(), key)))) return;
      dialogs.notifySuccess('playoffs.saved');
      onSaved();
    } catch (error) {
      setMessage(failure(error));
      await preGenerate();
    }
  };

  if (review) {
    return (
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">{translate('playoffs.review')}</Typography>
        <Table size="small" aria-label={translate('playoffs.table')}>
          <TableHead>
            <TableRow>{(['round', 'date', 'time', 'field', 'home', 'away', 'status'] as const).map((c) => <TableCell key={c}>{translate(`league_schedule.columns.${c}`)}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {review.map((m) => {
              const state = m.is_bye ? 'bye' : m.is_ok ? 'ok' : 'taken';
              return (
                <TableRow key={`${m.level}-${m.index}`} data-testid="playoff-review-row" data-state={state} sx={{ bgcolor: state === 'taken' ? 'error.light' : undefined }}>
                  <TableCell>{translate(`playoffs.levels.${m.level}`)}</TableCell>
                  <TableCell>{dayOf(m.date, zone)}</TableCell>
                  <TableCell>{m.is_bye ? '' : timeOf(m.date, zone)}</TableCell>
                  <TableCell>{m.is_bye ? '' : fields.find((f) => f.ID === m.field_id)?.name}</TableCell>
                  <TableCell>{name(m.home_team_id)}</TableCell>
                  <TableCell>{name(m.away_team_id)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={translate(`league_schedule.status.${state}`)} color={state === 'ok' ? 'success' : state === 'taken' ? 'error' : 'default'} />
                    {m.reason && <Typography variant="caption" display="block">{m.reason}</Typography>}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <FormMessage message={message} />
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setReview(null)}>{translate('playoffs.back')}</Button>
          <Button variant="contained" disabled={busy || review.some((m) => !m.is_ok)} onClick={save}>{translate('playoffs.save')}</Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField select size="small" label={translate('playoffs.first_round')} value={rounds[0].level} onChange={(e) => setRounds(roundDrafts(Number(e.target.value)))} sx={{ minWidth: 180 }}>
          {PLAYOFF_LEVELS.map((level) => <MenuItem key={level} value={level}>{translate(`playoffs.levels.${level}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="number" label={translate('playoffs.duration')} value={duration} onChange={(e) => setDuration(Number(e.target.value))} slotProps={{ htmlInput: { min: 5, step: 5 } }} />
      </Stack>
      {rounds.map((round, i) => (
        <Stack key={round.level} direction="row" spacing={2} alignItems="center">
          <Typography sx={{ minWidth: 140 }}>{translate(`playoffs.levels.${round.level}`)}</Typography>
          <TextField select size="small" label={translate('playoffs.field')} value={round.field_id === '' ? fields[0]?.ID ?? '' : round.field_id} onChange={(e) => setRound(i, { field_id: Number(e.target.value) })} sx={{ minWidth: 160 }}>
            {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          <TextField size="small" type="datetime-local" label={translate('playoffs.start')} value={round.start} onChange={(e) => setRound(i, { start: e.target.value })} slotProps={{ htmlInput: { step: 900 }, inputLabel: { shrink: true } }} />
        </Stack>
      ))}
      <FormMessage message={message} />
      <Box><Button variant="contained" onClick={preGenerate} disabled={fields.length === 0}>{translate('playoffs.pre_generate')}</Button></Box>
    </Stack>
  );
}

function Bracket({ league, matches, reload }: { league: LeagueDetail; matches: MatchRecord[]; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const zone = league.facility.time_zone;
  const name = teamNamer(league, { bye: translate('league_schedule.bye'), tbd: translate('league_schedule.tbd') });
  const levels = [...new Set(matches.map((m) => m.level))].sort((a, b) => b - a);
  const now = nowSeconds();
  const remove = async (confirmKey: string) => {
    if (!(await dialogs.confirmDelete({ message: translate(confirmKey) }))) return;
    if (await dialogs.run(() => dataProvider.deletePlayoffs(league.ID))) reload();
  };
  const score = async (match: MatchRecord, side: 'home_score' | 'away_score', value: number | null) => {
    if (await dialogs.run(() => dataProvider.updateMatch(match.ID, { [side]: value }))) reload();
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} className="no-print">
        {can(role, 'leagues', 'delete_games') && <Button onClick={() => remove('playoffs.rebuild_confirm')}>{translate('playoffs.rebuild')}</Button>}
        {can(role, 'leagues', 'delete_games') && <Button color="error" onClick={() => remove('playoffs.delete_confirm')}>{translate('playoffs.delete')}</Button>}
        <Button onClick={() => window.print()}>{translate('playoffs.print')}</Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ overflowX: 'auto' }}>
        {levels.map((level) => (
          <Stack key={level} spacing={2} sx={{ minWidth: 240 }} justifyContent="space-around" data-testid={`round-${level}`}>
            <Typography variant="subtitle1" component="h3">{translate(`playoffs.levels.${level}`)}</Typography>
            {matches.filter((m) => m.level === level).sort((a, b) => a.index - b.index).map((m) => (
              <Paper key={m.ID} variant="outlined" sx={{ p: 1 }} data-testid="bracket-match">
                <Typography variant="caption" color="text.secondary">
                  {m.is_bye ? translate('league_schedule.bye') : `${dayOf(m.date, zone)} ${timeOf(m.date, zone)} · ${m.event?.field_name ?? ''}`}
                </Typography>
                {!m.is_bye && !started(m, now) && <Typography variant="caption" color="text.secondary" display="block" data-testid="score-later">{translate('league_schedule.not_started')}</Typography>}
                {(['home', 'away'] as const).map((side) => (
                  <Stack key={side} direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mt: 0.5 }}>
                    <Typography variant="body2">{m[`${side}_team`] ?? name(m[`${side}_team_id`])}</Typography>
                    {!m.is_bye && (
                      <ScoreInput
                        value={m[`${side}_score`]} label={`${m[`${side}_team`] ?? name(m[`${side}_team_id`])} ${translate(`league_schedule.${side}_score`)}`}
                        disabled={m.home_team_id <= 0 || m.away_team_id <= 0 || !started(m, now)} onSave={(v) => score(m, `${side}_score`, v)}
                      />
                    )}
                  </Stack>
                ))}
              </Paper>
            ))}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
