import { useState } from 'react';
import {
  Alert, Avatar, Box, Button, Chip, FormControlLabel, IconButton, LinearProgress, Link, Paper, Stack, Switch, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Tooltip, Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonIcon from '@mui/icons-material/Person';
import StarIcon from '@mui/icons-material/Star';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { ShowBase, Title, useDelete, usePermissions, useShowContext, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { activeMemberships } from '../../core/api/memberships';
import { addPlayer as addPlayerCall, lockRoster as lockRosterCall, removePlayer as removePlayerCall, renewTeamLink } from '../../core/api/teams';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { nowSeconds } from '../../core/time';
import { ageOf } from '../../core/validation/leagues';
import { DETAIL_META, type RosterEntry, type TeamDetail } from '../../dataProvider';
import { BroadcastPanel } from '../../src/kit/components/broadcast/BroadcastPanel';
import { ParticipantWizard } from '../../src/kit/components/ParticipantWizard';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { editPath } from '../../src/kit/entity/paths';
import { useDeclaredQuery, useDeclaredWrite } from '../../src/kit/entity/useDeclared';
import { ChangeLeagueDialog, ChangePlayerTeamDialog } from './TeamDialogs';
import { TeamNameInput } from './TeamInputs';
import { publicTeamUrl } from './publicLink';
import TeamSchedule from './TeamSchedule';
import { formatDate } from '../../core/time';
import { showBirthdate } from '../../core/validation/display';
import { useFacilityTimeZone } from '../../src/kit/components/useFacilityTimeZone';
import { money } from '../../src/kit/components/programFormat';
import './messages';

// /team/{id} (spec 3 §2.14): the name (edit pencil for admins and managers), facility and Lock Roster;
// the tabs Players (marks, paid totals, photo, membership tick, birth date and age; make captain, open
// the customer, remove, move to another team; Add player), Schedule & Standings (its games and standings
// in every league and tournament it plays in) and Invoices; the summary panel (players; each league not
// ended or still owed with its start, its own invoice's balance and View invoice; the total balance when
// there are several; suspended players,
// Change league or Add to league, Delete Team when it has no league and no invoiced leagues).
// The team resource's show view, read by react-admin's ShowBase (getOne: GET /team/{id}, the detail);
// its writes are react-admin's or declared mutations naming the team, so every open view of it
// (this page, the list, the edit view) shows them without a reload.

export default function TeamShow() {
  const translate = useTranslate();
  return (
    <ShowBase<TeamRecord> resource="team" loading={<><Title title={translate('page.team')} /><LinearProgress sx={{ m: 2 }} /></>} queryOptions={{ meta: DETAIL_META, onError: () => undefined }}
      error={<Alert severity="error" sx={{ m: 2 }}>{translate('ra.page.not_found')}</Alert>}>
      <TeamPage />
    </ShowBase>
  );
}

type TeamRecord = TeamDetail & { id: number };

function TeamPage() {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const { record: team } = useShowContext<TeamRecord>();
  const customerIds = team?.roster.map((r) => r.customer_id) ?? [];
  const { data: members = [] } = useDeclaredQuery('team', activeMemberships, { body: { customer_ids: customerIds } }, { enabled: customerIds.length > 0 });
  const [tab, setTab] = useState<'players' | 'schedule' | 'invoices'>('players');
  const [dialog, setDialog] = useState<'name' | 'league' | 'player' | null>(null);
  const [moving, setMoving] = useState<RosterEntry | null>(null);
  const [update] = useUpdate('team');
  const lockRoster = useDeclaredWrite(lockRosterCall, 'team');
  const addPlayer = useDeclaredWrite(addPlayerCall, 'team', 'customer');
  const removePlayer = useDeclaredWrite(removePlayerCall, 'team', 'customer');
  const renewLink = useDeclaredWrite(renewTeamLink, 'team');
  const zone = useFacilityTimeZone(team?.facility_id);
  if (!team) return null;
  const lock = (lock_roster: boolean) => dialogs.run(() => lockRoster.mutateAsync({ params: { id: team.ID }, query: { lock_roster } }));
  const add = async (customerId: number) => {
    setDialog(null);
    await dialogs.run(() => addPlayer.mutateAsync({ body: { team_id: team.ID, customer_id: customerId } }));
  };
  const makeCaptain = (customerId: number) => update('team', { id: team.ID, data: { captain_id: customerId }, previousData: { captain_id: team.captain_id } }, { mutationMode: 'pessimistic' });
  const remove = async (entry: RosterEntry) => {
    if (!(await dialogs.confirmDelete({ message: translate('teams.page.remove_confirm', { name: `${entry.customer.first_name} ${entry.customer.last_name}` }) }))) return;
    await dialogs.run(() => removePlayer.mutateAsync({ params: { id: entry.ID } }));
  };
  const renew = async () => {
    if (!(await dialogs.confirm({ message: translate('teams.public.renew_confirm', { name: team.name }) }))) return;
    if (await dialogs.run(() => renewLink.mutateAsync({ params: { id: team.ID } }))) dialogs.notifySuccess('teams.public.renewed');
  };
  const member = new Set(members.map((m) => m.sub_customer_id));
  // The schedule tab shows while the team has a league now or games and standings of any (issue 41 item 2).
  const tabs = team.current_league || team.matches.length > 0 || team.standings.length > 0 ? (['players', 'schedule', 'invoices'] as const) : (['players', 'invoices'] as const);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={team.name} />
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Box sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: team.color }} aria-hidden />
          <Typography variant="h5" component="h1">{team.name}</Typography>
          {can(role, 'teams', 'rename') && <IconButton size="small" aria-label={translate('teams.page.edit_name')} onClick={() => setDialog('name')}><EditIcon fontSize="small" /></IconButton>}
          {can(role, 'teams', 'edit') && <Button size="small" component={RouterLink} to={editPath('team', team.ID)}>{translate('ra.action.edit')}</Button>}
          <Typography variant="body2" color="text.secondary">{team.facility.name}</Typography>
          <Button size="small" href={publicTeamUrl(team.public_ref)} target="_blank" rel="noopener" endIcon={<OpenInNewIcon fontSize="small" />}>{translate('teams.page.public_link')}</Button>
          {can(role, 'teams', 'edit') && <Tooltip title={translate('teams.public.renew')}><IconButton size="small" aria-label={translate('teams.public.renew')} onClick={renew}><LinkOffIcon fontSize="small" /></IconButton></Tooltip>}
          <Box sx={{ flex: 1 }} />
          <FormControlLabel control={<Switch checked={team.lock_roster} onChange={(e) => lock(e.target.checked)} />} label={translate('teams.page.lock')} />
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Paper sx={{ p: 2, flex: 1, minWidth: 0 }}>
          <Tabs value={tab} onChange={(_, v) => setTab(v)}>
            {tabs.map((t) => <Tab key={t} value={t} label={translate(`teams.page.tabs.${t}`)} />)}
          </Tabs>
          <Box sx={{ pt: 2 }}>
            {tab === 'players' && (
              <>
                <Button variant="contained" sx={{ mb: 1 }} onClick={() => setDialog('player')}>{translate('teams.page.add_player')}</Button>
                <Table size="small" aria-label={translate('teams.page.tabs.players')}>
                  <TableHead>
                    <TableRow>{(['name', 'picture', 'membership', 'dob', 'age', 'actions'] as const).map((c) => <TableCell key={c}>{translate(`teams.page.players.${c}`)}</TableCell>)}</TableRow>
                  </TableHead>
                  <TableBody>
                    {team.roster.length === 0 && <TableRow><TableCell colSpan={6}>{translate('teams.page.no_players')}</TableCell></TableRow>}
                    {team.roster.map((entry) => (
                      <TableRow key={entry.ID}>
                        <TableCell>
                          {entry.customer.first_name} {entry.customer.last_name}
                          {entry.is_coach && ` ${translate('teams.page.players.coach')}`}{entry.is_captain && ` ${translate('teams.page.players.captain')}`}
                          {entry.suspended && <Chip size="small" color="error" label="-SUS-" sx={{ ml: 1 }} />}
                          {entry.source === 'online' && <Chip size="small" variant="outlined" label={translate('teams.page.players.online')} sx={{ ml: 1 }} />}
                          <Typography variant="caption" display="block">{translate('teams.page.players.paid', { amount: money(entry.paid) })}</Typography>
                        </TableCell>
                        <TableCell><Avatar src={entry.customer.photo ?? undefined} alt={`${entry.customer.first_name} ${entry.customer.last_name}`} sx={{ width: 32, height: 32 }} /></TableCell>
                        <TableCell>{member.has(entry.customer_id)
                          ? <CheckIcon color="success" titleAccess={translate('teams.page.member')} />
                          : <CloseIcon color="error" titleAccess={translate('teams.page.not_member')} />}</TableCell>
                        <TableCell>{entry.customer.birthdate ? showBirthdate(entry.customer.birthdate) : ''}</TableCell>
                        <TableCell>{ageOf(entry.customer.birthdate, nowSeconds()) ?? ''}</TableCell>
                        <TableCell>
                          {!entry.is_captain && <Tooltip title={translate('teams.page.make_captain')}><IconButton size="small" aria-label={translate('teams.page.make_captain')} onClick={() => makeCaptain(entry.customer_id)}><StarIcon fontSize="small" /></IconButton></Tooltip>}
                          <Tooltip title={translate('teams.page.open_customer')}><IconButton size="small" component={RouterLink} to={`/customer/${entry.customer_id}`} aria-label={translate('teams.page.open_customer')}><PersonIcon fontSize="small" /></IconButton></Tooltip>
                          <Tooltip title={translate('teams.page.remove')}><IconButton size="small" aria-label={translate('teams.page.remove')} onClick={() => remove(entry)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
                          <Tooltip title={translate('teams.page.move')}><IconButton size="small" aria-label={translate('teams.page.move')} onClick={() => setMoving(entry)}><SwapHorizIcon fontSize="small" /></IconButton></Tooltip>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
            {tab === 'schedule' && <TeamSchedule team={team} zone={zone} />}
            {tab === 'invoices' && <Invoices team={team} zone={zone} />}
          </Box>
        </Paper>
        <SummaryPanel team={team} zone={zone} onChangeLeague={() => setDialog('league')} />
      </Stack>
      <EntityDialog target={dialog === 'name' ? { mode: 'edit', id: team.ID } : null} onClose={() => setDialog(null)} titles={{ edit: 'teams.page.edit_name' }}
        notice={() => ({ message: 'teams.page.saved' })}>
        <TeamNameInput />
      </EntityDialog>
      {dialog === 'league' && <ChangeLeagueDialog team={team} onClose={() => setDialog(null)} />}
      <ParticipantWizard open={dialog === 'player'} onClose={() => setDialog(null)} onDone={(result) => add(result.customer.ID)} title="teams.page.add_player" />
      {moving && <ChangePlayerTeamDialog team={team} player={moving} onClose={() => setMoving(null)} />}
    </Stack>
  );
}

/**
 * The leagues the summary shows (issue 41 m9), each with its own invoice and balance: those not ended
 * yet and those whose invoice still has money owed, soonest first.
 */
function summaryLeagues(team: TeamDetail) {
  const now = nowSeconds();
  return team.leagues.filter((l) => l.league.end_date >= now || (l.invoice?.balance ?? 0) > 0)
    .sort((a, b) => a.league.start_date - b.league.start_date || a.signup_id - b.signup_id);
}

function SummaryPanel({ team, zone, onChangeLeague }: { team: TeamDetail; zone: string; onChangeLeague(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [deleteOne] = useDelete('team');
  const current = team.leagues.find((l) => l.signup_id === team.current_signup_id);
  const shown = summaryLeagues(team);
  const destroy = async () => {
    if (!(await dialogs.confirmDelete({ message: translate('teams.page.delete_confirm', { name: team.name }) }))) return;
    void deleteOne('team', { id: team.ID, previousData: team }, {
      mutationMode: 'pessimistic',
      onSuccess: () => { dialogs.notifySuccess('teams.page.deleted'); navigate('/teams'); },
    });
  };
  const line = (key: string, value: React.ReactNode) => (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
      <Typography variant="body2" color="text.secondary">{translate(`teams.page.summary.${key}`)}</Typography>
      <Box>{value}</Box>
    </Stack>
  );
  return (
    // A fixed right column: the broadcast history's table scrolls inside it, never over the roster (m1).
    <Paper sx={{ p: 2, width: { md: 320 }, flexShrink: 0, minWidth: 260, overflowX: 'auto' }} data-testid="team-summary">
      <Stack spacing={1}>
        {line('players', team.players_count)}
        {shown.length === 0 && line('league', translate('teams.page.no_league'))}
        {shown.map(({ signup_id, league, invoice }) => (
          <Stack key={signup_id} spacing={0.5} data-testid="team-summary-league" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            {line(league.is_tournament ? 'tournament' : 'league', <Link component={RouterLink} to={`/${league.is_tournament ? 'tournament' : 'league'}/${league.ID}`}>{league.name}</Link>)}
            {line('start', formatDate(league.start_date, zone))}
            {invoice && line('balance', <Chip size="small" color={invoice.balance > 0 ? 'warning' : 'success'} label={money(invoice.balance)} />)}
            {invoice && <Button size="small" component={RouterLink} to={`/invoice/${invoice.ID}`}>{translate('teams.page.summary.invoice')} #{invoice.ID}</Button>}
          </Stack>
        ))}
        {shown.filter((l) => l.invoice).length > 1 && line('total_balance', <Chip size="small" color={team.balance > 0 ? 'warning' : 'success'} label={money(team.balance)} />)}
        {line('suspended', team.suspended_players)}
        <Button onClick={onChangeLeague}>{translate(current ? 'teams.page.summary.change_league' : 'teams.page.summary.add_league')}</Button>
        {team.deletable && <Button color="error" onClick={destroy}>{translate('teams.page.summary.delete')}</Button>}
        <BroadcastPanel variant="team" source={{ team_id: team.ID }} facilityId={team.facility_id} timeZone={zone} />
      </Stack>
    </Paper>
  );
}

function Invoices({ team, zone }: { team: TeamDetail; zone: string }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('teams.page.tabs.invoices')}>
      <TableHead>
        <TableRow>{(['no', 'date', 'league', 'product', 'invoiced', 'paid', 'balance', 'action'] as const).map((c) => <TableCell key={c}>{translate(`teams.page.invoices.${c}`)}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {team.leagues.filter((l) => l.invoice).map(({ signup_id, league, product, invoice }) => (
          <TableRow key={signup_id}>
            <TableCell>{invoice!.ID}</TableCell>
            <TableCell>{formatDate(invoice!.date, zone)}</TableCell>
            <TableCell>{league.name}</TableCell>
            <TableCell>{product?.name ?? ''}</TableCell>
            <TableCell>{money(invoice!.invoiced - invoice!.discounted)}</TableCell>
            <TableCell>{money(invoice!.paid)}</TableCell>
            <TableCell>{money(invoice!.balance)}</TableCell>
            <TableCell><Button size="small" component={RouterLink} to={`/invoice/${invoice!.ID}`}>{translate('teams.page.summary.invoice')}</Button></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
