import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allTeams, getTeam, teamList, type TEAM_SORTS, type TeamDetail, type TeamListRow, type TeamSearch } from '../../../core/api/teams';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { columnsBut } from '../../db/columns';
import {
  ageGroups, customers, facilities, invoiceItems, invoices, leagues, payments, players, products, suspensions, teamSignups, teams,
} from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { listPage, sendRange } from '../../http/list';
import { containing } from '../../http/listQuery';
import { findTeam, teamColumns } from '../../domain/teams/access';
import { leaguesStandings, teamGames, teamLeagues } from '../../domain/teams/games';

// Reading teams (spec 3 §2.13, §2.14): GET /team (the list: words across name, captain and league,
// facility, age group; with captain, current league and players count), GET /team/all (the pickers'
// choices) and GET /team/{id} (roster with marks and paid totals, leagues with invoices, summary, and
// its games and standings in every league and tournament it plays in).

const SORTS = { ID: teams.ID, name: teams.name, facility_id: teams.facility_id, CreatedAt: teams.CreatedAt } as const satisfies Record<(typeof TEAM_SORTS)[number], unknown>;

/** The current league of the team row of the outer query: the earliest-starting one that has not ended. */
const currentLeague = (now: number | Placeholder) => sql<{ ID: number; name: string; start_date: number; end_date: number; is_tournament: boolean } | null>`(
  select json_build_object('ID', l.id, 'name', l.name, 'start_date', l.start_date, 'end_date', l.end_date, 'is_tournament', l.is_tournament)
  from ${teamSignups} s join ${leagues} l on l.id = s.league_id
  where s.team_id = ${teams.ID} and l.end_date >= ${now}
  order by l.start_date, s.id limit 1)`;
const playersCount = sql<number>`(select count(*)::int from ${players} where ${players.team_id} = ${teams.ID})`;

function conditions(user: SessionUser, search: TeamSearch, words: string[]): SQL | undefined {
  const facility = facilityScope(user, search.facility_id);
  return and(
    facility === null ? undefined : eq(teams.facility_id, facility),
    search.age_group_id ? eq(teams.age_group_id, search.age_group_id) : undefined,
    ...words.map((word) => {
      const like = containing(word);
      return or(
        ilike(teams.name, like), ilike(customers.first_name, like), ilike(customers.last_name, like), ilike(customers.email, like),
        sql`exists (select 1 from ${teamSignups} s join ${leagues} l on l.id = s.league_id where s.team_id = ${teams.ID} and l.name ilike ${like})`,
      );
    }),
  );
}

const selectTeams = (db: Db, where: SQL | undefined, now: Parameters<typeof currentLeague>[0] = nowSeconds()) => db.select({
  team: teamColumns,
  facility: { ID: facilities.ID, name: facilities.name },
  age_group: { ID: ageGroups.ID, name: ageGroups.name },
  captain: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email },
  current_league: currentLeague(now),
  players_count: playersCount,
}).from(teams)
  .innerJoin(facilities, eq(facilities.ID, teams.facility_id))
  .leftJoin(ageGroups, eq(ageGroups.ID, teams.age_group_id))
  .leftJoin(customers, eq(customers.ID, teams.captain_id))
  .where(where)
  .$dynamic();

type Selected = Awaited<ReturnType<ReturnType<typeof selectTeams>['execute']>>[number];
const listRow = ({ team, facility, age_group, captain, current_league, players_count }: Selected): TeamListRow => ({
  ...team, facility, age_group: age_group?.ID ? age_group : null, captain: captain?.ID ? captain : null, current_league, players_count,
});

// The team page's reads are prepared statements (server/db/prepared.ts): planning each took five to
// fifteen times as long as running it (EXPLAIN ANALYZE at scale 167), on every page.
const idParam = sql.placeholder('id');
const nowParam = sql.placeholder('now');
const teamRow = perDatabase((db) => selectTeams(db, eq(teams.ID, idParam), nowParam).prepare('team_row'));
const teamRoster = perDatabase((db) => db.select({
  player: columnsBut(players, 'CreatedAt', 'UpdatedAt'),
  customer: {
    ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email,
    birthdate: customers.birthdate, photo: customers.photo, is_kid: customers.is_kid,
  },
  suspended: sql<boolean>`exists (select 1 from ${suspensions} where ${suspensions.customer_id} = ${customers.ID} and ${suspensions.from} <= ${nowParam} and ${suspensions.until} >= ${nowParam})`,
  paid: sql<string>`(select coalesce(sum(${payments.amount}), 0) from ${payments} join ${invoices} on ${invoices.ID} = ${payments.invoice_id}
    where ${invoices.team_id} = ${idParam} and ${payments.player_customer_id} = ${customers.ID})`,
}).from(players).innerJoin(customers, eq(customers.ID, players.customer_id))
  .where(eq(players.team_id, idParam)).orderBy(asc(customers.last_name), asc(customers.first_name), asc(players.ID))
  .prepare('team_roster'));
const teamSignupRows = perDatabase((db) => db.select({
  signup_id: teamSignups.ID,
  league: {
    ID: leagues.ID, name: leagues.name, start_date: leagues.start_date, end_date: leagues.end_date, is_tournament: leagues.is_tournament,
    facility_id: leagues.facility_id, parent_league_id: leagues.parent_league_id,
  },
  product: { ID: products.ID, name: products.name },
  invoice_id: sql<number | null>`(select min(${invoiceItems.invoice_id}) from ${invoiceItems} where ${invoiceItems.team_signup_id} = ${teamSignups.ID})`,
}).from(teamSignups).innerJoin(leagues, eq(leagues.ID, teamSignups.league_id)).leftJoin(products, eq(products.ID, leagues.new_product_id))
  .where(eq(teamSignups.team_id, idParam)).orderBy(desc(leagues.start_date), desc(teamSignups.ID))
  .prepare('team_signups'));

async function readTeam(db: Db, user: SessionUser, id: number): Promise<TeamDetail> {
  await findTeam(db, user, id);
  const now = nowSeconds();
  // The reads go out together: on PostgreSQL each takes a pooled connection of its own, so a busy pool's
  // wait is paid once rather than once per read (the soak's team page queued six times behind the others).
  const [[row], roster, signups, played, standings] = await Promise.all([
    teamRow(db).execute({ id, now }), teamRoster(db).execute({ id, now }), teamSignupRows(db).execute({ id }),
    teamGames(db, id), teamLeagues(db, id).then((list) => leaguesStandings(db, list)),
  ]);
  if (!row) throw notFound('Team');
  const team = listRow({ ...row, current_league: row.current_league });
  const invoiceIds = signups.map((s) => s.invoice_id).filter((v): v is number => v !== null);
  const bills = invoiceIds.length ? await db.select().from(invoices).where(inArray(invoices.ID, invoiceIds)) : [];
  const billOf = new Map(bills.map((b) => [b.ID, b]));
  const leaguesOfTeam = signups.map((s) => {
    const bill = s.invoice_id === null ? undefined : billOf.get(s.invoice_id);
    return {
      signup_id: s.signup_id, league: s.league, product: s.product?.ID ? s.product : null,
      invoice: bill ? {
        ID: bill.ID, date: bill.date, invoiced: toDollars(bill.invoiced), discounted: toDollars(bill.discounted), paid: toDollars(bill.paid),
        balance: toDollars(bill.invoiced - bill.discounted - bill.paid),
      } : null,
    };
  });
  const current = team.current_league ? signups.filter((s) => s.league.end_date >= now).sort((a, b) => a.league.start_date - b.league.start_date || a.signup_id - b.signup_id)[0] : undefined;
  const invoiced = bills.some((b) => b.invoiced > 0);
  return {
    ...team,
    roster: roster.map(({ player, customer, suspended, paid }) => ({
      ...player, is_captain: team.captain_id === player.customer_id, customer, suspended, paid: toDollars(Number(paid)),
    })),
    leagues: leaguesOfTeam,
    current_signup_id: current?.signup_id ?? null,
    suspended_players: roster.filter((r) => r.suspended).length,
    balance: toDollars(bills.reduce((sum, b) => sum + b.invoiced - b.discounted - b.paid, 0)),
    deletable: signups.length === 0 && !invoiced,
    public_ref: row.team.public_ref,
    matches: played,
    standings,
  };
}

export async function teamReadRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, teamList, async ({ user, query }, _request, reply) => {
    const { query: text, ...filters } = query.filters as TeamSearch;
    const words = [...query.words, ...(text ?? '').split(/\s+/).filter(Boolean)];
    const column = SORTS[query.sort.field as keyof typeof SORTS] ?? teams.name;
    const page = await listPage(db, () => selectTeams(db, conditions(user, filters, words)), [query.sort.order === 'ASC' ? asc(column) : desc(column), asc(teams.ID)], query.range);
    sendRange(reply, 'team', page);
    return page.rows.map(listRow);
  });

  serve(app, allTeams, async ({ user, query }) => {
    const facility = facilityScope(user, query.facility_id);
    return db.select({ ID: teams.ID, name: teams.name, facility_id: teams.facility_id }).from(teams)
      .where(and(
        facility === null ? undefined : eq(teams.facility_id, facility),
        query.query ? ilike(teams.name, containing(query.query)) : undefined,
        // A team of another age group does not play in the league (a team without one may).
        query.age_group_id ? or(eq(teams.age_group_id, query.age_group_id), isNull(teams.age_group_id)) : undefined,
      ))
      .orderBy(asc(teams.name), asc(teams.ID)).limit(1000);
  });

  serve(app, getTeam, async ({ user, params: { id } }) => readTeam(db, user, id));
}

