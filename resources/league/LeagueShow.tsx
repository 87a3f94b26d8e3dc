import { lazy, Suspense, useState } from 'react';
import {
  Alert, Box, Button, Chip, FormControlLabel, IconButton, LinearProgress, Link, Paper, Stack, Switch, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Tooltip, Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { ShowBase, TextInput, Title, useDelete, usePermissions, useResourceContext, useShowContext, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { completeRollover, moveLeagueTeam } from '../../core/api/leagues';
import { leagueWaitlist, removeLeagueWaitlist } from '../../core/api/portalTeams';
import { removeSignup } from '../../core/api/teams';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { nowSeconds } from '../../core/time';
import { canRollOver, leagueStatus, rolloverPending } from '../../core/validation/leagues';
import type { LeagueDetail, LeagueDivision } from '../../dataProvider';
import { BroadcastPanel } from '../../src/kit/components/broadcast/BroadcastPanel';
import { HubspotExportButton } from '../../src/kit/components/hubspot/HubspotExport';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { editPath, showPath } from '../../src/kit/entity/paths';
import { useDeclaredMutation, useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { WaitingTable } from '../../src/kit/components/WaitingTable/WaitingTable';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { AddTeamDialog } from './AddTeamDialog';
import { LeagueDialog } from './LeagueDialog';
import { RolloverDialog } from './RolloverDialog';
import { day, money } from './shared';
import './messages';
import { ageGroupLabel, genderLabel } from '../../src/kit/i18n/labels';

// The schedule's tabs load with their own chunk, when opened.
const ScheduleTab = lazy(() => import('./schedule/ScheduleTab'));
const PlayoffsTab = lazy(() => import('./schedule/PlayoffsTab'));
const StandingsTab = lazy(() => import('./schedule/StandingsTab'));
// An e-league's tabs (players and e-matches instead of teams and matches), likewise.
const EleagueTeamsTab = lazy(() => import('./eleague/EleagueTeamsTab'));
const EleagueTab = lazy(() => import('./eleague/EleagueTabs'));

// /league/{id} and /tournament/{id} (spec 3 §2.5, §2.6, §4): the show view of the resources league and
// tournament, read by react-admin's ShowBase (getOne: GET /league/{id} or /tournament/{id}, the page in
// one call). The header (name, facility, age group and gender, dates, the season above, status, Closed
// registration), and the tabs — Teams (Age groups for a season) with the summary card, team order and
// Add new; Schedule, Play-offs and Standings (./schedule, lazily loaded); Settings. A season lists its
// divisions with Add age group, Rollover, Go to the Rolled-Over League and Complete Rollover; a
// tournament with divisions has Teams and Settings only; one that holds its teams (or a division) has
// its pool play too: Schedule and Standings (by group). Every write names the resources it changes, so
// the page (and every other open view of them) shows it at once.

type TabKey = 'teams' | 'schedule' | 'playoffs' | 'standings' | 'settings';
type Shown = LeagueDetail & { id: number };

/** What a change to a league's teams or divisions touches: the leagues and tournaments, and the teams' pages. */
const LEAGUES = ['league', 'tournament'] as const;

export default function LeagueShow() {
  const translate = useTranslate();
  return (
    <ShowBase<Shown> loading={<LinearProgress sx={{ m: 2 }} />} error={<Alert severity="error" sx={{ m: 2 }}>{translate('ra.page.not_found')}</Alert>}
      queryOptions={{ onError: () => undefined }}>
      <LeaguePage />
    </ShowBase>
  );
}

function LeaguePage() {
  const translate = useTranslate();
  const { record: league } = useShowContext<Shown>();
  const [tab, setTab] = useState<TabKey>('teams');
  if (!league) return null;
  // Just created, the record is what POST answered (react-admin keeps it as the page's) until the page's own read arrives.
  if (!league.facility || !league.teams) return <LinearProgress sx={{ m: 2 }} />;
  const tabs: TabKey[] = league.is_tournament
    ? (league.leagues.length === 0 ? ['teams', 'schedule', 'standings', 'settings'] : ['teams', 'settings'])
    : league.is_container ? ['teams', 'settings'] : ['teams', 'schedule', 'playoffs', 'standings', 'settings'];
  const current = tabs.includes(tab) ? tab : 'teams';
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={league.name} />
      <Header league={league} />
      <Paper sx={{ p: 2 }}>
        <Tabs value={current} onChange={(_, v) => setTab(v)}>
          {tabs.map((t) => <Tab key={t} value={t} label={translate(`leagues.page.tabs.${t !== 'teams' ? t : league.is_e_league ? 'eplayers' : league.is_container && !league.is_tournament ? 'age_groups' : t}`)} />)}
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
                ? <Divisions league={league} divisions={league.divisions} />
                : <TeamsTab league={league} />)}
              {current === 'teams' && league.is_tournament && league.leagues.length > 0 && <Divisions league={league} divisions={league.leagues} />}
              <Suspense fallback={null}>
                {current === 'schedule' && <ScheduleTab league={league} />}
                {current === 'playoffs' && <PlayoffsTab league={league} />}
                {current === 'standings' && <StandingsTab league={league} />}
              </Suspense>
            </>
          )}
          {current === 'settings' && <Settings league={league} />}
        </Box>
      </Paper>
    </Stack>
  );
}

function Header({ league }: { league: Shown }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const [update] = useUpdate();
  const zone = league.facility.time_zone;
  const status = leagueStatus(league, nowSeconds());
  const close = (force_close: boolean) => update(resource, { id: league.id, data: { force_close }, previousData: league }, { mutationMode: 'pessimistic' });
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1">{league.name}</Typography>
          <Typography variant="body2">{league.facility.name}{league.age_group ? ` · ${ageGroupLabel(translate, league.age_group.name)}` : ''}{league.gender ? ` · ${genderLabel(translate, league.gender)}` : ''}</Typography>
          <Typography variant="body2">{day(league.start_date, zone)} – {day(league.end_date, zone)}</Typography>
          {league.parent_league && <Link component={RouterLink} to={showPath('league', league.parent_league.ID)}>{translate('leagues.page.parent')}: {league.parent_league.name}</Link>}
          {league.tournament && <Link component={RouterLink} to={showPath('tournament', league.tournament.ID)}>{translate('leagues.page.tournament')}: {league.tournament.name}</Link>}
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

function TeamsTab({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const resource = useResourceContext() ?? 'league';
  const moveTeam = useDeclaredMutation(moveLeagueTeam, { invalidates: [resource] });
  const unsign = useDeclaredMutation(removeSignup, { invalidates: [...LEAGUES, 'team'] });
  // The teams waiting for a place (issue 44 item 5): a removed sign-up's place is offered to the first.
  const { data: waiting = [] } = useDeclaredQuery(resource, leagueWaitlist, { params: { id: league.ID } });
  const unwait = useDeclaredMutation(removeLeagueWaitlist, { invalidates: LEAGUES });
  const [adding, setAdding] = useState(false);
  const move = (signupId: number, direction: 'up' | 'down') => moveTeam.mutate({ params: { id: league.ID }, body: { signup_id: signupId, direction } });
  const remove = async (signupId: number, name: string) => {
    if (!(await dialogs.confirmDelete({ message: translate('leagues.page.remove_confirm', { name }) }))) return;
    unsign.mutate({ params: { id: signupId } });
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
                <TableCell>
                  <Link component={RouterLink} to={`/team/${row.team.ID}`}>{row.team.name}</Link>
                  {row.source === 'online' && <Chip size="small" variant="outlined" label={translate('leagues.page.online')} sx={{ ml: 1 }} />}
                </TableCell>
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
        <WaitingTable entries={waiting} zone={league.facility.time_zone} teams onRemove={(entry) => unwait.mutate({ params: { id: entry.ID } })} />
      </Box>
      {/* A fixed right column: the broadcast history's table scrolls inside it, never over the teams (m1). */}
      <Stack spacing={2} sx={{ width: { md: 320 }, flexShrink: 0, minWidth: 0, overflowX: 'auto' }}>
        <Summary league={league} />
        <BroadcastPanel variant="league" source={{ league_id: league.ID }} facilityId={league.facility_id} timeZone={league.facility.time_zone} />
        <HubspotExportButton selection={{ league_ids: [league.ID] }} label="leagues.page.hubspot" />
      </Stack>
      {adding && <AddTeamDialog league={league} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function Divisions({ league, divisions }: { league: LeagueDetail; divisions: LeagueDivision[] }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { permissions: role } = usePermissions<Role>();
  const [remove] = useDelete(undefined, undefined, { meta: { invalidates: LEAGUES } });
  const complete = useDeclaredMutation(completeRollover, { invalidates: LEAGUES });
  const [naming, setNaming] = useState(false);
  const [rolling, setRolling] = useState(false);
  const isAdmin = role === 'admin';
  const destroy = async (d: LeagueDivision) => {
    if (!(await dialogs.confirmDelete({ message: translate('leagues.delete_confirm', { name: d.name }) }))) return;
    await remove(d.is_tournament ? 'tournament' : 'league', { id: d.ID, previousData: { id: d.ID } }, { mutationMode: 'pessimistic' });
  };
  const completeIt = async () => {
    if (await dialogs.confirm({ message: 'leagues.page.complete_confirm' })) complete.mutate({ query: { id: league.ID } });
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {can(role, 'leagues', 'create') && <Button variant="contained" onClick={() => setNaming(true)}>{translate('leagues.page.add_age_group')}</Button>}
        {isAdmin && !league.is_tournament && canRollOver(league, nowSeconds()) && <Button onClick={() => setRolling(true)}>{translate('leagues.page.rollover')}</Button>}
        {isAdmin && (league.rollover_to ?? 0) > 0 && <Button onClick={() => navigate(showPath('league', league.rollover_to!))}>{translate('leagues.page.rolled_over')}</Button>}
        {rolloverPending(league) && can(role, 'leagues', 'rollover') && <Button color="warning" onClick={completeIt}>{translate('leagues.page.complete')}</Button>}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>{(['name', 'teams', 'action'] as const).map((c) => <TableCell key={c}>{translate(`leagues.page.division_columns.${c}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {divisions.length === 0 && <TableRow><TableCell colSpan={3}>{translate('leagues.page.no_divisions')}</TableCell></TableRow>}
          {divisions.map((d) => (
            <TableRow key={d.ID}>
              <TableCell>
                <Link component={RouterLink} to={showPath(d.is_tournament ? 'tournament' : 'league', d.ID)}>{d.name}</Link>
                {(d.rollover_from ?? 0) > 0 && !d.rollover_date && <Tooltip title={translate('leagues.page.pending')}><ScheduleIcon fontSize="small" color="warning" aria-label={translate('leagues.page.pending')} sx={{ ml: 1, verticalAlign: 'middle' }} /></Tooltip>}
              </TableCell>
              <TableCell>{d.teams_count}</TableCell>
              <TableCell>
                <IconButton size="small" href={showPath(d.is_tournament ? 'tournament' : 'league', d.ID)} target="_blank" rel="noopener" aria-label={translate('leagues.page.open_division')}><OpenInNewIcon fontSize="small" /></IconButton>
                {d.teams_count === 0 && can(role, 'leagues', 'delete') && <IconButton size="small" aria-label={translate('leagues.page.delete_division')} onClick={() => destroy(d)}><DeleteIcon fontSize="small" /></IconButton>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <AgeGroupDialog league={league} open={naming} onClose={() => setNaming(false)} />
      {rolling && <RolloverDialog league={league} onClose={() => setRolling(false)} />}
    </Stack>
  );
}

/** The fields a division takes from its season or tournament. */
const INHERITED = ['description', 'facility_id', 'new_product_id', 'start_date', 'end_date', 'registration_start_date', 'registration_end_date',
  'early_bird_start_date', 'early_bird_end_date', 'require_membership', 'enable_individual', 'enable_deposit', 'enable_early_bird', 'display_schedule',
  'max_teams', 'duration', 'color', 'properties'] as const;

/**
 * Add age group (spec 3 §2.5, §7): a division of the season (or tournament) with its settings, named
 * the parent's name plus the division's; the form asks the name, the declaration checks the whole.
 */
function AgeGroupDialog({ league, open, onClose }: { league: LeagueDetail; open: boolean; onClose(): void }) {
  const division = (values: Record<string, unknown>) => {
    const suffix = String(values.name ?? '').trim();
    return {
      ...Object.fromEntries(INHERITED.map((f) => [f, league[f]])), name: suffix ? `${league.name} ${suffix}` : '', age_group_id: league.age_group_id ?? 1, gender: 'Co-Ed',
      is_container: false, available_online: false, ...(league.is_tournament ? { tournament_id: league.ID, is_tournament: true } : { parent_league_id: league.ID }),
    };
  };
  return (
    <EntityDialog target={open ? { mode: 'create' } : null} onClose={onClose} transform={division} titles={{ create: 'leagues.page.add_age_group' }}>
      <TextInput source="name" label="leagues.page.age_group_name" autoFocus fullWidth />
    </EntityDialog>
  );
}

function Settings({ league }: { league: Shown }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? 'league';
  const { permissions: role } = usePermissions<Role>();
  const [mode, setMode] = useState<'edit' | 'duplicate' | null>(null);
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" onClick={() => setMode('edit')}>{translate(league.is_tournament ? 'leagues.dialog.edit_tournament' : 'leagues.dialog.edit')}</Button>
      <Button component={RouterLink} to={editPath(resource, league.id)}>{translate('leagues.page.edit_page')}</Button>
      {can(role, 'leagues', 'create') && <Button onClick={() => setMode('duplicate')}>{translate('leagues.duplicate')}</Button>}
      {mode && <LeagueDialog mode={mode} source={league} onClose={() => setMode(null)} />}
    </Stack>
  );
}
