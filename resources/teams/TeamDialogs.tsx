import { useState } from 'react';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetList, usePermissions, useTranslate, useUpdate } from 'react-admin';
import type { Role } from '../../core/constants';
import { formatDollars } from '../../core/money';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { useTouchlineDataProvider, type LeagueListRow, type RosterEntry, type TeamDetail } from '../../dataProvider';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, type Message } from '../../src/components/FormMessage';
import { useFacilityChoices } from '../../src/layout/facilities';
import { useDialogs } from '../../src/layout/dialogs';
import './messages';

// The team page's dialogs (spec 3 §2.14): Edit Team Name; Change league (facility, Leagues or
// Tournaments, league or tournament, division; Add to league when the team has none, at a fee); Change
// player team (autocomplete of teams). Changing league or team asks for confirmation first (§4).

export function EditNameDialog({ team, onClose, onSaved }: { team: TeamDetail; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const [name, setName] = useState(team.name);
  const [message, setMessage] = useState<Message | null>(null);
  const [update] = useUpdate();
  const submit = () => {
    if (!name.trim()) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.validTeamName });
    void update('team', { id: team.ID, data: { name: name.trim() }, previousData: { name: team.name } }, {
      mutationMode: 'pessimistic', onSuccess: () => { onSaved(); onClose(); }, onError: (e) => setMessage(failure(e)),
    });
  };
  return (
    <FormDialog title="teams.page.edit_name" onClose={onClose} onSubmit={submit} message={message}>
      <TextField size="small" autoFocus label={translate('teams.name')} value={name} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}

export function ChangeLeagueDialog({ team, onClose, onSaved }: { team: TeamDetail; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const [facility, setFacility] = useState(team.facility_id);
  const [tournaments, setTournaments] = useState(false);
  const [leagueId, setLeagueId] = useState<number | ''>('');
  const [divisionId, setDivisionId] = useState<number | ''>('');
  const [fee, setFee] = useState<number | ''>('');
  const [message, setMessage] = useState<Message | null>(null);
  const { data: leagues = [] } = useGetList<LeagueListRow & { id: number }>('leagues', {
    filter: { active: true, is_tournament: tournaments, facility_ids: [facility] }, pagination: { page: 1, perPage: 100 }, sort: { field: 'start_date', order: 'ASC' },
  });
  const chosen = leagues.find((l) => l.ID === leagueId);
  const { data: detail } = useQuery({
    queryKey: ['league', leagueId, tournaments ? 'tournament' : 'league'], enabled: leagueId !== '',
    queryFn: () => dataProvider.getLeague(Number(leagueId), tournaments ? 'tournament' : 'league'),
  });
  const divisions = detail ? [...detail.divisions, ...detail.leagues] : [];
  const targetId = divisions.length ? divisionId : leagueId;
  const { data: target } = useQuery({
    queryKey: ['league', targetId, 'target'], enabled: targetId !== '' && divisions.length > 0,
    queryFn: () => dataProvider.getLeague(Number(targetId), divisions.find((d) => d.ID === targetId)?.is_tournament ? 'tournament' : 'league'),
  });
  const fees = (divisions.length ? target : detail)?.fees ?? [];
  const adding = team.current_signup_id === null;
  const submit = async () => {
    if (targetId === '') return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.required });
    if (adding && (fee === '' || !fees.some((f) => f.price === fee))) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.validFee });
    const name = divisions.find((d) => d.ID === targetId)?.name ?? chosen?.name ?? '';
    if (!(await dialogs.confirm({ message: translate('teams.page.change_league.confirm', { team: team.name, league: name }) }))) return;
    const done = await dialogs.run(() => (adding
      ? dataProvider.signUpTeam({ league_id: Number(targetId), team_id: team.ID, fee: Number(fee) })
      : dataProvider.changeLeague(team.current_signup_id!, { team_id: team.ID, league_id: Number(targetId) })), { onError: (e) => setMessage(failure(e)) });
    if (!done) return;
    onSaved();
    onClose();
  };
  return (
    <FormDialog title="teams.page.change_league.title" onClose={onClose} onSubmit={submit} message={message}>
      <TextField select size="small" disabled={role !== 'admin'} label={translate('teams.page.change_league.facility')} value={facility} onChange={(e) => { setFacility(Number(e.target.value)); setLeagueId(''); }}>
        {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={translate('teams.page.change_league.kind')} value={tournaments ? 'tournaments' : 'leagues'} onChange={(e) => { setTournaments(e.target.value === 'tournaments'); setLeagueId(''); }}>
        <MenuItem value="leagues">{translate('teams.page.change_league.leagues')}</MenuItem>
        <MenuItem value="tournaments">{translate('teams.page.change_league.tournaments')}</MenuItem>
      </TextField>
      <TextField select size="small" label={translate('teams.page.change_league.league')} value={leagueId} onChange={(e) => { setLeagueId(Number(e.target.value)); setDivisionId(''); }}>
        {leagues.map((l) => <MenuItem key={l.ID} value={l.ID}>{l.name}</MenuItem>)}
      </TextField>
      {divisions.length > 0 && (
        <TextField select size="small" label={translate('teams.page.change_league.division')} value={divisionId} onChange={(e) => setDivisionId(Number(e.target.value))}>
          {divisions.map((d) => <MenuItem key={d.ID} value={d.ID}>{d.name}</MenuItem>)}
        </TextField>
      )}
      {adding && (
        <TextField select size="small" label={translate('teams.page.change_league.fee')} value={fee} onChange={(e) => setFee(Number(e.target.value))}>
          {fees.map((f) => <MenuItem key={f.kind} value={f.price}>{f.kind === 'full' ? translate('teams.page.change_league.full', { price: formatDollars(f.price) }) : translate('teams.page.change_league.early_bird', { price: formatDollars(f.price), discount: formatDollars(f.discount) })}</MenuItem>)}
        </TextField>
      )}
    </FormDialog>
  );
}

export function ChangePlayerTeamDialog({ team, player, onClose, onSaved }: { team: TeamDetail; player: RosterEntry; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const [target, setTarget] = useState<{ ID: number; name: string } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const { data: teams = [] } = useQuery({ queryKey: ['allTeams', team.facility_id], queryFn: () => dataProvider.allTeams({ facility_id: team.facility_id }) });
  const submit = async () => {
    if (!target) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.validTeam });
    const name = `${player.customer.first_name} ${player.customer.last_name}`;
    if (!(await dialogs.confirm({ message: translate('teams.page.move_confirm', { name, team: target.name }) }))) return;
    const moved = await dialogs.run(() => dataProvider.movePlayer(player.ID, target.ID), { onError: (e) => setMessage(failure(e)) });
    if (!moved) return;
    onSaved();
    onClose();
  };
  return (
    <FormDialog title="teams.page.change_team.title" onClose={onClose} onSubmit={submit} message={message}>
      <Autocomplete options={teams.filter((t) => t.ID !== team.ID)} value={target} onChange={(_, v) => setTarget(v)} getOptionLabel={(t) => t.name}
        isOptionEqualToValue={(a, b) => a.ID === b.ID} renderInput={(params) => <TextField {...params} size="small" label={translate('teams.page.change_team.team')} />} />
    </FormDialog>
  );
}
