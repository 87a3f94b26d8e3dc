import { useRef } from 'react';
import { AutocompleteInput, SelectInput, useGetList, usePermissions, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { getLeague, getTournament } from '../../core/api/leagues';
import { allTeams, changeLeague, movePlayer, signUpTeam } from '../../core/api/teams';
import type { Role } from '../../core/constants';
import { formatDollars } from '../../core/money';
import type { LeagueListRow, RosterEntry, TeamDetail } from '../../dataProvider';
import { DeclaredDialog, type DialogValues } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// The team page's dialogs (spec 3 §2.14): Change league (facility, Leagues or
// Tournaments, league or tournament, division; Add to league when the team has none, at a fee); Change
// player team (autocomplete of teams). Each is a form checked by its call's declaration (the spec's
// messages under their fields); changing league or team asks for confirmation first (§4).

/** What a sign-up changes: the team, its leagues' pages and lists, their invoices. */
const SIGNUP_WRITES = ['team', 'league', 'leagues', 'tournament', 'invoice'] as const;

/** The league or tournament picked in Change league, as the inputs know it (the call's target and its name). */
interface LeaguePick { divisions: boolean; names: Map<number, string> }

export function ChangeLeagueDialog({ team, onClose }: { team: TeamDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const adding = team.current_signup_id === null;
  // What the inputs show: whether the league has divisions (then a division is the target) and the names.
  const pick = useRef<LeaguePick>({ divisions: false, names: new Map() });
  const targetOf = (values: DialogValues) => (pick.current.divisions ? values.division_id : values.league_id) as number | undefined;
  const common = {
    title: 'teams.page.change_league.title',
    invalidates: SIGNUP_WRITES,
    defaultValues: { facility_id: team.facility_id, kind: 'leagues' },
    // The body's league is the division when the league has some.
    fieldOf: (path: string) => (path === 'league_id' && pick.current.divisions ? 'division_id' : path),
    confirm: (values: DialogValues) => dialogs.confirm({ message: translate('teams.page.change_league.confirm', { team: team.name, league: pick.current.names.get(Number(targetOf(values))) ?? '' }) }),
    onClose,
  };
  const inputs = <ChangeLeagueInputs adding={adding} pick={pick} />;
  return adding
    ? <DeclaredDialog {...common} endpoint={signUpTeam} input={(values) => ({ body: { league_id: targetOf(values) as number, team_id: team.ID, fee: values.fee } })}>{inputs}</DeclaredDialog>
    : <DeclaredDialog {...common} endpoint={changeLeague} input={(values) => ({ params: { id: team.current_signup_id! }, body: { team_id: team.ID, league_id: targetOf(values) as number } })}>{inputs}</DeclaredDialog>;
}

/** Facility, Leagues or Tournaments, league or tournament, division (when it has some), and the fee of a sign-up. */
function ChangeLeagueInputs({ adding, pick }: { adding: boolean; pick: { current: LeaguePick } }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const [facility, kind, leagueId, divisionId] = useWatch({ name: ['facility_id', 'kind', 'league_id', 'division_id'] }) as [number, string, number | undefined, number | undefined];
  const tournaments = kind === 'tournaments';
  const { data: leagues = [] } = useGetList<LeagueListRow & { id: number }>('leagues', {
    filter: { active: true, is_tournament: tournaments, facility_ids: [facility] }, pagination: { page: 1, perPage: 100 }, sort: { field: 'start_date', order: 'ASC' },
  });
  const { data: detail } = useLeague(leagueId ?? '', tournaments);
  const divisions = detail ? [...detail.divisions, ...detail.leagues] : [];
  const targetId = divisions.length ? divisionId : leagueId;
  const { data: target } = useLeague(divisions.length ? targetId ?? '' : '', Boolean(divisions.find((d) => d.ID === targetId)?.is_tournament));
  const fees = (divisions.length ? target : detail)?.fees ?? [];
  pick.current = { divisions: divisions.length > 0, names: new Map([...leagues, ...divisions].map((l) => [l.ID, l.name])) };
  const clear = (...names: string[]) => names.forEach((name) => setValue(name, undefined));
  return (
    <>
      <SelectInput source="facility_id" label="teams.page.change_league.facility" isRequired choices={facilities} optionValue="ID" optionText="name" disabled={role !== 'admin'}
        onChange={() => clear('league_id', 'division_id', 'fee')} helperText={false} />
      <SelectInput source="kind" label="teams.page.change_league.kind" isRequired helperText={false}
        choices={[{ id: 'leagues', name: translate('teams.page.change_league.leagues') }, { id: 'tournaments', name: translate('teams.page.change_league.tournaments') }]}
        onChange={() => clear('league_id', 'division_id', 'fee')} />
      <SelectInput source="league_id" label="teams.page.change_league.league" isRequired choices={leagues} optionValue="ID" optionText="name"
        onChange={() => clear('division_id', 'fee')} />
      {divisions.length > 0 && (
        <SelectInput source="division_id" label="teams.page.change_league.division" isRequired choices={divisions} optionValue="ID" optionText="name" onChange={() => clear('fee')} />
      )}
      {adding && (
        <SelectInput source="fee" label="teams.page.change_league.fee" isRequired optionValue="price"
          choices={fees.map((f) => ({
            price: f.price,
            name: f.kind === 'full' ? translate('teams.page.change_league.full', { price: formatDollars(f.price) }) : translate('teams.page.change_league.early_bird', { price: formatDollars(f.price), discount: formatDollars(f.discount) }),
          }))} />
      )}
    </>
  );
}

/** A league's or tournament's detail (its divisions and fees), read under the league's resource. */
function useLeague(id: number | '', tournament: boolean) {
  return useDeclaredQuery(tournament ? 'tournament' : 'league', tournament ? getTournament : getLeague, { params: { id: Number(id) } }, { enabled: id !== '' });
}

/** The figures of a payment too big for the target team's invoice (issue 41 m10), worded in the reader's language. */
interface MovePaymentFacts { payment_id: number; amount: number; source_invoice_id: number; target_team: string; target_invoice_id: number; target_balance: number }
function moveFailure(error: unknown, translate: (key: string, options?: object) => string): string | null {
  const facts = (error as { body?: { move_payment?: MovePaymentFacts } } | null)?.body?.move_payment;
  if (!facts) return null;
  // Dollars without their sign: the message puts it, in the reader's language's place.
  const money = formatDollars;
  return translate('teams.page.change_team.payment_too_big', {
    id: facts.payment_id, amount: money(facts.amount), team: facts.target_team, target: facts.target_invoice_id,
    balance: money(facts.target_balance), source: facts.source_invoice_id,
  });
}

export function ChangePlayerTeamDialog({ team, player, onClose }: { team: TeamDetail; player: RosterEntry; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { data: teams = [] } = useDeclaredQuery('team', allTeams, { query: { facility_id: team.facility_id } });
  const choices = teams.filter((t) => t.ID !== team.ID);
  const name = `${player.customer.first_name} ${player.customer.last_name}`;
  return (
    <DeclaredDialog title="teams.page.change_team.title" endpoint={movePlayer} invalidates={['team', 'invoice']} onClose={onClose}
      input={(values) => ({ params: { id: player.ID }, body: { team_id: values.team_id } })}
      confirm={(values) => dialogs.confirm({ message: translate('teams.page.move_confirm', { name, team: choices.find((t) => t.ID === values.team_id)?.name ?? '' }) })}
      refusal={(error) => moveFailure(error, translate)}>
      <AutocompleteInput source="team_id" label="teams.page.change_team.team" isRequired choices={choices} optionValue="ID" optionText="name" />
    </DeclaredDialog>
  );
}
