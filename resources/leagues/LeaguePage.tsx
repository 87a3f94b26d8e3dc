import { lazy, Suspense, useState } from 'react';
import {
  Box, Button, Chip, FormControlLabel, IconButton, Link, Paper, Stack, Switch, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Tooltip, Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useQuery } from '@tanstack/react-query';
import { Title, useCreate, useDelete, usePermissions, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { nowSeconds } from '../../core/time';
import { canRollOver, LEAGUE_MESSAGES, leagueStatus, rolloverPending } from '../../core/validation/leagues';
import { useTouchlineDataProvider, type LeagueDetail, type LeagueDivision } from '../../dataProvider';
import { BroadcastPanel } from '../../src/components/broadcast/BroadcastPanel';
import { HubspotExportButton } from '../../src/components/hubspot/HubspotExport';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, type Message } from '../../src/components/FormMessage';
import { useDialogs } from '../../src/layout/dialogs';
import { AddTeamDialog } from './AddTeamDialog';
import { LeagueDialog } from './LeagueDialog';
import { RolloverDialog } from './RolloverDialog';
import { day, money } from './shared';
import './messages';

// The schedule's tabs load with their own chunk, when opened.
const ScheduleTab = lazy(() => import('./schedule/ScheduleTab'));
const PlayoffsTab = lazy(() => import('./schedule/PlayoffsTab'));
const StandingsTab = lazy(() => import('./schedule/StandingsTab'));
// An e-league's tabs (players and e-matches instead of teams and matches), likewise.
const EleagueTeamsTab = lazy(() => import('./eleague/EleagueTeamsTab'));
const EleagueTab = lazy(() => import('./eleague/EleagueTabs'));

// /league/{id} and /tournament/{id} (spec 3 §2.5, §2.6, §4): the header (name, facility, age group and
// gender, dates, the season above, status, Closed registration), and the tabs — Teams (Age groups for
// a season) with the summary card, team order and Add new; Schedule, Play-offs and Standings (src/pages/
// resources/leagues/schedule, lazily loaded); Settings. A season lists its divisions with Add age group, Rollover, Go
// to the Rolled-Over League and Complete Rollover; a tournament with divisions has Teams and Settings
// only; one that holds its teams (or a division) has its pool play too: Schedule and Standings (by group).

type TabKey = 'teams' | 'schedule' | 'playoffs' | 'standings' | 'settings';

export default function LeaguePage({ kind }: { kind: 'league' | 'tournament' }) {
  const { id } = useParams();
  const leagueId = Number(id);
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { data: league, refetch } = useQuery({ queryKey: ['league', leagueId, kind], queryFn: () => dataProvider.getLeague(leagueId, kind) });
  const [tab, setTab] = useState<TabKey>('teams');
  if (!league) return <Title title={translate(`page.${kind}`)} />;
  const reload = () => void refetch();
  const tabs: TabKey[] = league.is_tournament
    ? (league.leagues.length === 0 ? ['teams', 'schedule', 'standings', 'settings'] : ['teams', 'settings'])
    : league.is_container ? ['teams', 'settings'] : ['teams', 'schedule', 'playoffs', 'standings', 'settings'];
  const current = tabs.includes(tab) ? tab : 'teams';
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={league.name} />
      <Header league={league} reload={reload} />
      <Paper sx={{ p: 2 }}>
        <Tabs value={current} onChange={(_, v) => setTab(v)}>
          {tabs.map((t) => <Tab key={t} value={t} label={translate(`leagues.page.tabs.${t === 'teams' && league.is_container && !league.is_tournament ? 'age_groups' : t}`)} />)}
        </Tabs>
        <Box sx={{ pt: 2 }}>
          {league.is_e_league ? (
            <Suspense fallback={null}>
              {current === 'teams' && <EleagueTeamsTab league={league} />}
              {(current === 'schedule' || current === 'playoffs' || current === 'standings') && <EleagueTab key={current} league={league} tab={current} />}
            </Suspense>
          ) : (
            <>
              {current === 'teams' && (league.is_container && !league.is_tournament
                ? <Divisions league={league} divisions={league.divisions} reload={reload} />
                : <TeamsTab league={league} reload={reload} />)}
              {current === 'teams' && league.is_tournament && league.leagues.length > 0 && <Divisions league={league} divisions={league.leagues} reload={reload} />}
              <Suspense fallback={null}>
                {current === 'schedule' && <ScheduleTab league={league} />}
                {current === 'playoffs' && <PlayoffsTab league={league} />}
                {current === 'standings' && <StandingsTab league={league} />}
              </Suspense>
            </>
          )}
          {current === 'settings' && <Settings league={league} reload={reload} />}
        </Box>
      </Paper>
    </Stack>
  );
}

function Header({ league, reload }: { league: LeagueDetail; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const [update] = useUpdate();
  const zone = league.facility.time_zone;
  const status = leagueStatus(league, nowSeconds());
  const close = (force_close: boolean) => update(league.is_tournament ? 'tournament' : 'league', { id: league.ID, data: { force_close }, previousData: league }, {
    mutationMode: 'pessimistic', onSuccess: reload, onError: (e) => dialogs.showError(e),
  });
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1">{league.name}</Typography>
          <Typography variant="body2">{league.facility.name}{league.age_group ? ` · ${league.age_group.name}` : ''}{league.gender ? ` · ${league.gender}` : ''}</Typography>
          <Typography variant="body2">{day(league.start_date, zone)} – {day(league.end_date, zone)}</Typography>
          {league.parent_league && <Link component={RouterLink} to={`/league/${league.parent_league.ID}`}>{translate('leagues.page.parent')}: {league.parent_league.name}</Link>}
          {league.tournament && <Link component={RouterLink} to={`/tournament/${league.tournament.ID}`}>{translate('leagues.page.tournament')}: {league.tournament.name}</Link>}
        </Box>
        <Chip label={status.state === 'upcoming' ? translate('leagues.page.starts_in', { smart_count: status.days }) : translate(`leagues.page.${status.state}`)} color={status.state === 'running' ? 'success' : 'default'} />
        <FormControlLabel control={<Switch checked={league.force_close} onChange={(e) => close(e.target.checked)} />} label={translate('leagues.page.closed')} />
      </Stack>
    </Paper>
  );
}

function Summary({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const rows = [['balance', money(league.balance)], ['count', String(league.teams_count)], ['expected', money(league.expected)], ['paid', money(league.paid)]] as const;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 220 }} data-testid="league-summary">
      {rows.map(([key, value]) => (
        <Stack key={key} direction="row" justifyContent="space-between" spacing={2}>
          <Typography variant="body2" color="text.secondary">{translate(`leagues.page.summary.${key}`)}</Typography>
          <Typography variant="body2">{value}</Typography>
        </Stack>
      ))}
    </Paper>
  );
}

function TeamsTab({ league, reload }: { league: LeagueDetail; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const [adding, setAdding] = useState(false);
  const move = async (signupId: number, direction: 'up' | 'down') => {
    if (await dialogs.run(() => dataProvider.moveLeagueTeam(league.ID, signupId, direction))) reload();
  };
  const remove = async (signupId: number, name: string) => {
    if (!(await dialogs.confirmDelete({ message: translate('leagues.page.remove_confirm', { name }) }))) return;
    if (await dialogs.run(() => dataProvider.removeSignup(signupId))) reload();
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Button variant="contained" onClick={() => setAdding(true)}>{translate('leagues.page.add_team')}</Button>
        </Stack>
        <Table size="small" aria-label={translate('leagues.page.tabs.teams')}>
          <TableHead>
            <TableRow>
              {(['order', 'name', 'captain', 'players', 'invoiced', 'paid', 'balance', 'actions'] as const).map((c) => <TableCell key={c}>{translate(`leagues.page.team_columns.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {league.teams.length === 0 && <TableRow><TableCell colSpan={8}>{translate('leagues.page.no_teams')}</TableCell></TableRow>}
            {league.teams.map((row, i) => (
              <TableRow key={row.ID}>
                <TableCell>
                  <IconButton size="small" aria-label={translate('leagues.page.up')} disabled={i === 0} onClick={() => move(row.ID, 'up')}><ArrowUpwardIcon fontSize="small" /></IconButton>
                  <IconButton size="small" aria-label={translate('leagues.page.down')} disabled={i === league.teams.length - 1} onClick={() => move(row.ID, 'down')}><ArrowDownwardIcon fontSize="small" /></IconButton>
                </TableCell>
                <TableCell><Link component={RouterLink} to={`/team/${row.team.ID}`}>{row.team.name}</Link></TableCell>
                <TableCell>{row.team.captain ? `${row.team.captain.first_name} ${row.team.captain.last_name}` : ''}</TableCell>
                <TableCell>{row.team.players_count}</TableCell>
                <TableCell>{money(row.invoice ? row.invoice.invoiced - row.invoice.discounted : 0)}</TableCell>
                <TableCell>{money(row.invoice?.paid ?? 0)}</TableCell>
                <TableCell>{money(row.invoice?.balance ?? 0)}</TableCell>
                <TableCell>
                  {row.invoice && <Tooltip title={translate('leagues.page.open_invoice')}><IconButton size="small" component={RouterLink} to={`/invoice/${row.invoice.ID}`} aria-label={translate('leagues.page.open_invoice')}><ReceiptIcon fontSize="small" /></IconButton></Tooltip>}
                  {(!row.invoice || row.invoice.paid === 0) && (
                    <Tooltip title={translate('leagues.page.remove_team')}><IconButton size="small" aria-label={translate('leagues.page.remove_team')} onClick={() => remove(row.ID, row.team.name)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack spacing={2}>
        <Summary league={league} />
        <BroadcastPanel variant="league" source={{ league_id: league.ID }} facilityId={league.facility_id} timeZone={league.facility.time_zone} />
        <HubspotExportButton selection={{ league_ids: [league.ID] }} label="leagues.page.hubspot" />
      </Stack>
      {adding && <AddTeamDialog league={league} onClose={() => setAdding(false)} onAdded={reload} />}
    </Stack>
  );
}

function Divisions({ league, divisions, reload }: { league: LeagueDetail; divisions: LeagueDivision[]; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const [remove] = useDelete();
  const [naming, setNaming] = useState(false);
  const [rolling, setRolling] = useState(false);
  const isAdmin = role === 'admin';
  const destroy = async (d: LeagueDivision) => {
    if (!(await dialogs.confirmDelete({ message: translate('leagues.delete_confirm', { name: d.name }) }))) return;
    await remove(d.is_tournament ? 'tournament' : 'league', { id: d.ID, previousData: { id: d.ID } }, { mutationMode: 'pessimistic', onSuccess: reload, onError: (e) => dialogs.showError(e) });
  };
  const complete = async () => {
    if (!(await dialogs.confirm({ message: 'leagues.page.complete_confirm' }))) return;
    if (await dialogs.run(() => dataProvider.completeRollover(league.ID))) reload();
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {can(role, 'leagues', 'create') && <Button variant="contained" onClick={() => setNaming(true)}>{translate('leagues.page.add_age_group')}</Button>}
        {isAdmin && !league.is_tournament && canRollOver(league, nowSeconds()) && <Button onClick={() => setRolling(true)}>{translate('leagues.page.rollover')}</Button>}
        {isAdmin && (league.rollover_to ?? 0) > 0 && <Button onClick={() => navigate(`/league/${league.rollover_to}`)}>{translate('leagues.page.rolled_over')}</Button>}
        {rolloverPending(league) && can(role, 'leagues', 'rollover') && <Button color="warning" onClick={complete}>{translate('leagues.page.complete')}</Button>}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>{(['name', 'teams', 'action'] as const).map((c) => <TableCell key={c}>{translate(`leagues.page.division_columns.${c}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {divisions.map((d) => (
            <TableRow key={d.ID}>
              <TableCell>
                <Link component={RouterLink} to={`/${d.is_tournament ? 'tournament' : 'league'}/${d.ID}`}>{d.name}</Link>
                {(d.rollover_from ?? 0) > 0 && !d.rollover_date && <Tooltip title={translate('leagues.page.pending')}><ScheduleIcon fontSize="small" color="warning" aria-label={translate('leagues.page.pending')} sx={{ ml: 1, verticalAlign: 'middle' }} /></Tooltip>}
              </TableCell>
              <TableCell>{d.teams_count}</TableCell>
              <TableCell>
                <IconButton size="small" href={`/${d.is_tournament ? 'tournament' : 'league'}/${d.ID}`} target="_blank" rel="noopener" aria-label={translate('leagues.page.open_division')}><OpenInNewIcon fontSize="small" /></IconButton>
                {d.teams_count === 0 && can(role, 'leagues', 'delete') && <IconButton size="small" aria-label={translate('leagues.page.delete_division')} onClick={() => destroy(d)}><DeleteIcon fontSize="small" /></IconButton>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {naming && <AgeGroupDialog league={league} onClose={() => setNaming(false)} onAdded={reload} />}
      {rolling && <RolloverDialog league={league} onClose={() => setRolling(false)} />}
    </Stack>
  );
}

/** Add age group (spec 3 §2.5, §7): a division of the season with its settings, named parent name plus the division's. */
function AgeGroupDialog({ league, onClose, onAdded }: { league: LeagueDetail; onClose(): void; onAdded(): void }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [create] = useCreate();
  const submit = () => {
    if (!name.trim()) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.required });
    const fields = ['description', 'facility_id', 'new_product_id', 'start_date', 'end_date', 'registration_start_date', 'registration_end_date',
      'early_bird_start_date', 'early_bird_end_date', 'require_membership', 'enable_individual', 'enable_deposit', 'enable_early_bird', 'display_schedule',
      'max_teams', 'duration', 'color', 'properties'] as const;
    const data = {
      ...Object.fromEntries(fields.map((f) => [f, league[f]])), name: `${league.name} ${name.trim()}`, age_group_id: league.age_group_id ?? 1, gender: 'Co-Ed',
      is_container: false, available_online: false, ...(league.is_tournament ? { tournament_id: league.ID, is_tournament: true } : { parent_league_id: league.ID }),
    };
    void create(league.is_tournament ? 'tournament' : 'league', { data }, { onSuccess: () => { onAdded(); onClose(); }, onError: (e) => setMessage(failure(e)) });
  };
  return (
    <FormDialog title="leagues.page.add_age_group" onClose={onClose} onSubmit={submit} message={message}>
      <TextField size="small" autoFocus label={translate('leagues.page.age_group_name')} value={name} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}

function Settings({ league, reload }: { league: LeagueDetail; reload(): void }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const [mode, setMode] = useState<'edit' | 'duplicate' | null>(null);
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" onClick={() => setMode('edit')}>{translate('leagues.dialog.edit')}</Button>
      {can(role, 'leagues', 'create') && <Button onClick={() => setMode('duplicate')}>{translate('leagues.duplicate')}</Button>}
      {mode && <LeagueDialog mode={mode} source={league} onClose={() => setMode(null)} onSaved={reload} />}
    </Stack>
  );
}
