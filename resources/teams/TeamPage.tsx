import { useState } from 'react';
import {
  Avatar, Box, Button, Chip, FormControlLabel, IconButton, Link, Paper, Stack, Switch, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Tooltip, Typography,
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
import { useQuery } from '@tanstack/react-query';
import { Title, usePermissions, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { nowSeconds } from '../../core/time';
import { ageOf } from '../../core/validation/leagues';
import { useTouchlineDataProvider, type RosterEntry, type TeamDetail } from '../../dataProvider';
import { BroadcastPanel } from '../../src/components/broadcast/BroadcastPanel';
import { ParticipantWizard } from '../../src/components/ParticipantWizard';
import { useDialogs } from '../../src/layout/dialogs';
import { ChangeLeagueDialog, ChangePlayerTeamDialog, EditNameDialog } from './TeamDialogs';
import { publicTeamUrl } from './publicLink';
import { formatDate } from '../../core/time';
import { formatBirthdate } from '../../core/validation/display';
import { useFacilityTimeZone } from '../../src/components/useFacilityTimeZone';
import { money } from '../../src/components/programFormat';
import './messages';

// /team/{id} (spec 3 §2.14): the name (edit pencil for admins and managers), facility and Lock Roster;
// the tabs Players (marks, paid totals, photo, membership tick, birth date and age; make captain, open
// the customer, remove, move to another team; Add player), Schedule & Standings (with a current league)
// and Invoices; the summary panel (players, league, start, balance, suspended players, View invoice,
// Change league or Add to league, Delete Team when it has no league and no invoiced leagues).

export default function TeamPage() {
  const { id } = useParams();
  const teamId = Number(id);
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const dialogs = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const { data: team, refetch } = useQuery({ queryKey: ['team', teamId], queryFn: () => dataProvider.getTeam(teamId) });
  const customerIds = team?.roster.map((r) => r.customer_id) ?? [];
  const { data: members = [] } = useQuery({ queryKey: ['memberships', customerIds], enabled: customerIds.length > 0, queryFn: () => dataProvider.activeMemberships(customerIds) });
  const [tab, setTab] = useState<'players' | 'schedule' | 'invoices'>('players');
  const [dialog, setDialog] = useState<'name' | 'league' | 'player' | null>(null);
  const [moving, setMoving] = useState<RosterEntry | null>(null);
  const [update] = useUpdate();
  const zone = useFacilityTimeZone(team?.facility_id);
  if (!team) return <Title title={translate('page.team')} />;
  const reload = () => void refetch();
  const lock = async (lock_roster: boolean) => { if (await dialogs.run(() => dataProvider.lockRoster(team.ID, lock_roster))) reload(); };
  const addPlayer = async (customerId: number) => {
    setDialog(null);
    if (await dialogs.run(() => dataProvider.addPlayer({ team_id: team.ID, customer_id: customerId }))) reload();
  };
  const makeCaptain = (customerId: number) => update('team', { id: team.ID, data: { captain_id: customerId }, previousData: { captain_id: team.captain_id } }, {
    mutationMode: 'pessimistic', onSuccess: reload, onError: (e) => dialogs.showError(e),
  });
  const remove = async (entry: RosterEntry) => {
    if (!(await dialogs.confirmDelete({ message: translate('teams.page.remove_confirm', { name: `${entry.customer.first_name} ${entry.customer.last_name}` }) }))) return;
    if (await dialogs.run(() => dataProvider.removePlayer(entry.ID))) reload();
  };
  const renewLink = async () => {
    if (!(await dialogs.confirm({ message: translate('teams.public.renew_confirm', { name: team.name }) }))) return;
    if (await dialogs.run(() => dataProvider.renewTeamLink(team.ID))) { dialogs.notifySuccess('teams.public.renewed'); reload(); }
  };
  const member = new Set(members.map((m) => m.sub_customer_id));
  const tabs = team.current_league ? (['players', 'schedule', 'invoices'] as const) : (['players', 'invoices'] as const);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={team.name} />
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Box sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: team.color }} aria-hidden />
          <Typography variant="h5" component="h1">{team.name}</Typography>
          {can(role, 'teams', 'rename') && <IconButton size="small" aria-label={translate('teams.page.edit_name')} onClick={() => setDialog('name')}><EditIcon fontSize="small" /></IconButton>}
          <Typography variant="body2" color="text.secondary">{team.facility.name}</Typography>
          <Button size="small" href={publicTeamUrl(team.public_ref)} target="_blank" rel="noopener" endIcon={<OpenInNewIcon fontSize="small" />}>{translate('teams.page.public_link')}</Button>
          {can(role, 'teams', 'edit') && <Tooltip title={translate('teams.public.renew')}><IconButton size="small" aria-label={translate('teams.public.renew')} onClick={renewLink}><LinkOffIcon fontSize="small" /></IconButton></Tooltip>}
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
                    {team.roster.map((entry) => (
                      <TableRow key={entry.ID}>
                        <TableCell>
                          {entry.customer.first_name} {entry.customer.last_name}
                          {entry.is_coach && ` ${translate('teams.page.players.coach')}`}{entry.is_captain && ` ${translate('teams.page.players.captain')}`}
                          {entry.suspended && <Chip size="small" color="error" label="-SUS-" sx={{ ml: 1 }} />}
                          <Typography variant="caption" display="block">{translate('teams.page.players.paid', { amount: money(entry.paid) })}</Typography>
                        </TableCell>
                        <TableCell><Avatar src={entry.customer.photo ?? undefined} alt={`${entry.customer.first_name} ${entry.customer.last_name}`} sx={{ width: 32, height: 32 }} /></TableCell>
                        <TableCell>{member.has(entry.customer_id)
                          ? <CheckIcon color="success" titleAccess={translate('teams.page.member')} />
                          : <CloseIcon color="error" titleAccess={translate('teams.page.not_member')} />}</TableCell>
                        <TableCell>{entry.customer.birthdate ? formatBirthdate(entry.customer.birthdate) : ''}</TableCell>
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
            {tab === 'schedule' && <Typography color="text.secondary">{translate('teams.page.schedule_later')}</Typography>}
            {tab === 'invoices' && <Invoices team={team} zone={zone} />}
          </Box>
        </Paper>
        <SummaryPanel team={team} zone={zone} onChangeLeague={() => setDialog('league')} />
      </Stack>
      {dialog === 'name' && <EditNameDialog team={team} onClose={() => setDialog(null)} onSaved={reload} />}
      {dialog === 'league' && <ChangeLeagueDialog team={team} onClose={() => setDialog(null)} onSaved={reload} />}
      <ParticipantWizard open={dialog === 'player'} onClose={() => setDialog(null)} onDone={(result) => addPlayer(result.customer.ID)} title="teams.page.add_player" />
      {moving && <ChangePlayerTeamDialog team={team} player={moving} onClose={() => setMoving(null)} onSaved={reload} />}
    </Stack>
  );
}

function SummaryPanel({ team, zone, onChangeLeague }: { team: TeamDetail; zone: string; onChangeLeague(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const current = team.leagues.find((l) => l.signup_id === team.current_signup_id);
  const destroy = async () => {
    if (!(await dialogs.confirmDelete({ message: translate('teams.page.delete_confirm', { name: team.name }) }))) return;
    const deleted = await dialogs.run(() => dataProvider.delete('team', { id: team.ID, previousData: { id: team.ID } }));
    if (!deleted) return;
    dialogs.notifySuccess('teams.page.deleted');
    navigate('/teams');
  };
  const line = (key: string, value: React.ReactNode) => (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
      <Typography variant="body2" color="text.secondary">{translate(`teams.page.summary.${key}`)}</Typography>
      <Box>{value}</Box>
    </Stack>
  );
  return (
    <Paper sx={{ p: 2, minWidth: 260 }} data-testid="team-summary">
      <Stack spacing={1}>
        {line('players', team.players_count)}
        {line('league', current ? <Link component={RouterLink} to={`/${current.league.is_tournament ? 'tournament' : 'league'}/${current.league.ID}`}>{current.league.name}</Link> : translate('teams.page.no_league'))}
        {current && line('start', formatDate(current.league.start_date, zone))}
        {line('balance', <Chip size="small" color={team.balance > 0 ? 'warning' : 'success'} label={money(team.balance)} />)}
        {line('suspended', team.suspended_players)}
        {current?.invoice && <Button component={RouterLink} to={`/invoice/${current.invoice.ID}`}>{translate('teams.page.summary.invoice')}</Button>}
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
