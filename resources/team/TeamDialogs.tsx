import { useState } from 'react';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { getLeague, getTournament } from '../../core/api/leagues';
import { allTeams, changeLeague, movePlayer, signUpTeam } from '../../core/api/teams';
import type { Role } from '../../core/constants';
import { formatDollars } from '../../core/money';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import type { LeagueListRow, RosterEntry, TeamDetail } from '../../dataProvider';
import { useDeclaredQuery, useDeclaredWrite } from '../../src/kit/entity/useDeclared';
import { FormDialog } from '../../src/kit/components/FormDialog';
import { failure, type Message } from '../../src/kit/components/FormMessage';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// The team page's dialogs (spec 3 §2.14): Change league (facility, Leagues or
// Tournaments, league or tournament, division; Add to league when the team has none, at a fee); Change
// player team (autocomplete of teams). Changing league or team asks for confirmation first (§4).

/** What a sign-up changes: the team, its leagues' pages and lists, their invoices. */
const SIGNUP_WRITES = ['team', 'league', 'leagues', 'tournament', 'invoice'] as const;

export function ChangeLeagueDialog({ team, onClose }: { team: TeamDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const signUp = useDeclaredWrite(signUpTeam, ...SIGNUP_WRITES);
  const change = useDeclaredWrite(changeLeague, ...SIGNUP_WRITES);
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
  const { data: detail } = useLeague(leagueId, tournaments);
  const divisions = detail ? [...detail.divisions, ...detail.leagues] : [];
  const targetId = divisions.length ? divisionId : leagueId;
  const { data: target } = useLeague(divisions.length ? targetId : '', Boolean(divisions.find((d) => d.ID === targetId)?.is_tournament));
  const fees = (divisions.length ? target : detail)?.fees ?? [];
  const adding = team.current_signup_id === null;
  const submit = async () => {
    if (targetId === '') return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.required });
    if (adding && (fee === '' || !fees.some((f) => f.price === fee))) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.validFee });
    const name = divisions.find((d) => d.ID === targetId)?.name ?? chosen?.name ?? '';
    if (!(await dialogs.confirm({ message: translate('teams.page.change_league.confirm', { team: team.name, league: name }) }))) return;
    const done = await dialogs.run(() => (adding
      ? signUp.mutateAsync({ body: { league_id: Number(targetId), team_id: team.ID, fee: Number(fee) } })
      : change.mutateAsync({ params: { id: team.current_signup_id! }, body: { team_id: team.ID, league_id: Number(targetId) } })), { onError: (e) => setMessage(failure(e)) });
    if (!done) return;
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

/** A league's or tournament's detail (its divisions and fees), read under the league's resource. */
function useLeague(id: number | '', tournament: boolean) {
  return useDeclaredQuery(tournament ? 'tournament' : 'league', tournament ? getTournament : getLeague, { params: { id: Number(id) } }, { enabled: id !== '' });
}

/** The figures of a payment too big for the target team's invoice (issue 41 m10), worded in the reader's language. */
interface MovePaymentFacts { payment_id: number; amount: number; source_invoice_id: number; target_team: string; target_invoice_id: number; target_balance: number }
function moveFailure(error: unknown, translate: (key: string, options?: object) => string): Message | null {
  const facts = (error as { body?: { move_payment?: MovePaymentFacts } } | null)?.body?.move_payment;
  if (!facts) return null;
  // Dollars without their sign: the message puts it, in the reader's language's place.
  const money = formatDollars;
  return {
    severity: 'error',
    text: translate('teams.page.change_team.payment_too_big', {
      id: facts.payment_id, amount: money(facts.amount), team: facts.target_team, target: facts.target_invoice_id,
      balance: money(facts.target_balance), source: facts.source_invoice_id,
    }),
  };
}

export function ChangePlayerTeamDialog({ team, player, onClose }: { team: TeamDetail; player: RosterEntry; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const move = useDeclaredWrite(movePlayer, 'team', 'invoice');
  const [target, setTarget] = useState<{ ID: number; name: string } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const { data: teams = [] } = useDeclaredQuery('team', allTeams, { query: { facility_id: team.facility_id } });
  const submit = async () => {
    if (!target) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.validTeam });
    const name = `${player.customer.first_name} ${player.customer.last_name}`;
    if (!(await dialogs.confirm({ message: translate('teams.page.move_confirm', { name, team: target.name }) }))) return;
    const moved = await dialogs.run(() => move.mutateAsync({ params: { id: player.ID }, body: { team_id: target.ID } }), { onError: (e) => setMessage(moveFailure(e, translate) ?? failure(e)) });
    if (!moved) return;
    onClose();
  };
  return (
    <FormDialog title="teams.page.change_team.title" onClose={onClose} onSubmit={submit} message={message}>
      <Autocomplete options={teams.filter((t) => t.ID !== team.ID)} value={target} onChange={(_, v) => setTarget(v)} getOptionLabel={(t) => t.name}
        isOptionEqualToValue={(a, b) => a.ID === b.ID} renderInput={(params) => <TextField {...params} size="small" label={translate('teams.page.change_team.team')} />} />
    </FormDialog>
  );
}
