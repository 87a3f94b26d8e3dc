import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LeagueRecord } from '../../../core/api/leagues';
import type { LeagueHoldings } from '../../../core/validation/leagues';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { ematches, eplayerSignups, invoiceItems, invoices, leagues, matches, productVariations, products, teamSignups } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';

// The league a request works on: it exists and (for anyone but an admin) is the user's facility's,
// else 404 — another facility's league is indistinguishable from a missing one. Writes that count
// its teams take it with `lock` (FOR UPDATE), so that sign-ups into one league queue behind each
// other and never pass max_teams.

export type LeagueRow = typeof leagues.$inferSelect;

export async function findLeague(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<LeagueRow> {
  const facility = facilityScope(user);
  const query = db.select().from(leagues).where(and(eq(leagues.ID, id), facility === null ? undefined : eq(leagues.facility_id, facility)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('League');
  return row;
}

export const leagueWire = (row: LeagueRow): LeagueRecord => row;

export async function auditLeague(tx: Tx, user: SessionUser, row: LeagueRow, action: string): Promise<void> {
  await recordChange(tx, { object: 'league', object_id: row.ID, action, user_id: user.ID, new_value: leagueWire(row) });
}

/** The variation (facility prices) of the league's product at its facility, when there is one. */
export async function variationFor(db: Db | Tx, newProductId: number | null, facilityId: number): Promise<number | null> {
  if (!newProductId) return null;
  const [row] = await db.select({ ID: productVariations.ID }).from(productVariations)
    .where(and(eq(productVariations.new_product_id, newProductId), eq(productVariations.facility_id, facilityId)));
  return row?.ID ?? null;
}

/** A league's prices in cents: the team fee, early bird, deposit and a player's own (individual) price. */
export interface LeaguePrices { full: number; earlyBird: number; deposit: number; individual: number }

const priceColumns = {
  full: sql<string>`coalesce(nullif(${productVariations.team_price}, 0), nullif(${productVariations.full_price}, 0), nullif(${products.team_price}, 0), ${products.full_price})`,
  earlyBird: sql<string>`coalesce(nullif(${productVariations.early_bird_price}, 0), ${products.early_bird_price})`,
  deposit: sql<string>`coalesce(nullif(${productVariations.deposit_price}, 0), ${products.deposit_price})`,
  individual: sql<string>`coalesce(nullif(${productVariations.individual_price}, 0), ${products.individual_price})`,
};
type PriceRow = { [K in keyof typeof priceColumns]: string };
const NO_PRICES: LeaguePrices = { full: 0, earlyBird: 0, deposit: 0, individual: 0 };

/** The first row per key, in cents. */
function byKey(rows: Array<PriceRow & { key: number }>): Map<number, LeaguePrices> {
  const found = new Map<number, LeaguePrices>();
  for (const { key, ...row } of rows) {
    if (!found.has(key)) found.set(key, { full: Number(row.full ?? 0), earlyBird: Number(row.earlyBird ?? 0), deposit: Number(row.deposit ?? 0), individual: Number(row.individual ?? 0) });
  }
  return found;
}

/** Products' prices at a facility (their variation there, else their own), by product ID. */
/** Products' prices at a facility (the IDs one array parameter), prepared: the offerings read them on every call. */
const productPricesStatement = perDatabase((db) => db.select({ key: products.ID, ...priceColumns }).from(products)
  .leftJoin(productVariations, and(eq(productVariations.new_product_id, products.ID), eq(productVariations.facility_id, sql.placeholder('facility'))))
  .where(sql`${products.ID} = any(${sql.placeholder('ids')}::int[])`)
  .prepare('league_product_prices'));

async function productPricesAt(db: Db | Tx, newProductIds: number[], facilityId: number): Promise<Map<number, LeaguePrices>> {
  if (!newProductIds.length) return new Map();
  return byKey(await productPricesStatement(db).execute({ ids: newProductIds, facility: facilityId }));
}

/** Variations' prices, by variation ID (prepared as the products'). */
const variationPricesStatement = perDatabase((db) => db.select({ key: productVariations.ID, ...priceColumns }).from(productVariations)
  .innerJoin(products, eq(products.ID, productVariations.new_product_id)).where(sql`${productVariations.ID} = any(${sql.placeholder('ids')}::int[])`)
  .prepare('league_variation_prices'));

async function variationPrices(db: Db | Tx, ids: number[]): Promise<Map<number, LeaguePrices>> {
  if (!ids.length) return new Map();
  return byKey(await variationPricesStatement(db).execute({ ids }));
}

type PricedLeague = Pick<LeagueRow, 'product_id' | 'new_product_id' | 'facility_id'>;

/**
 * Leagues' team fees and early-bird prices (and deposits and individual prices), in cents, in a query or
 * two whatever their number (all at `facilityId`): its variation when it names one, else its product's at
 * its facility (the variation), else the product's own. The full price is the team price, else the full price.
 */
export async function leaguePricesAt(db: Db | Tx, rows: PricedLeague[], facilityId: number): Promise<(league: PricedLeague) => LeaguePrices> {
  const named = await variationPrices(db, [...new Set(rows.flatMap((l) => l.product_id ? [l.product_id] : []))]);
  const own = await productPricesAt(db, [...new Set(rows.flatMap((l) => !l.product_id && l.new_product_id ? [l.new_product_id] : []))], facilityId);
  return (league) => (league.product_id ? named.get(league.product_id) : league.new_product_id ? own.get(league.new_product_id) : undefined) ?? NO_PRICES;
}

/** One league's prices (leaguePricesAt). */
export async function leaguePrices(db: Db | Tx, league: PricedLeague): Promise<LeaguePrices> {
  return (await leaguePricesAt(db, [league], league.facility_id))(league);
}

/** The team fee (cents) of a league row in a list: the same reading as leaguePrices, as a column. */
export const fullPriceColumn = sql<string>`(select coalesce(nullif(pv.team_price, 0), nullif(pv.full_price, 0), nullif(p.team_price, 0), p.full_price)
  from ${products} p left join ${productVariations} pv on pv.new_product_id = p.ID and pv.facility_id = ${leagues.facility_id}
  where p.ID = ${leagues.new_product_id})`;

/** The leagues a league's figures cover: itself and its divisions (a season's or a tournament's). */
export const coveredLeagues = (league: SQL) =>
  sql`(select d.id from ${leagues} d where d.id = ${league} or d.parent_league_id = ${league} or d.tournament_id = ${league})`;

/** The team invoices of a league's sign-ups (theirs and their divisions'). */
const leagueInvoices = (league: SQL) => sql`(select distinct ${invoiceItems.invoice_id} from ${invoiceItems}
  join ${teamSignups} on ${teamSignups.ID} = ${invoiceItems.team_signup_id} where ${teamSignups.league_id} in ${coveredLeagues(league)})`;

/** A league's money in cents: invoiced = Σ(invoiced − discounted), paid = Σ paid (spec 3 §4). */
export const leagueMoney = (league: SQL) => ({
  invoiced: sql<string>`(select coalesce(sum(${invoices.invoiced} - ${invoices.discounted}), 0) from ${invoices} where ${invoices.ID} in ${leagueInvoices(league)})`,
  paid: sql<string>`(select coalesce(sum(${invoices.paid}), 0) from ${invoices} where ${invoices.ID} in ${leagueInvoices(league)})`,
});

/** How many teams a league has (with its divisions'). */
export const teamsCount = (league: SQL) => sql<number>`(select count(*)::int from ${teamSignups} where ${teamSignups.league_id} in ${coveredLeagues(league)})`;

/** Whether a league is top level: no season or tournament above it. */
export const topLevel = () => and(sql`${leagues.parent_league_id} is null`, sql`${leagues.tournament_id} is null`);


/** The e-players, e-matches and games a league holds (each keeps it from being deleted). */
export async function leagueHoldings(db: Db | Tx, id: number): Promise<LeagueHoldings> {
  const count = (table: typeof eplayerSignups | typeof ematches | typeof matches) =>
    db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.league_id, id)).then(([row]) => Number(row?.n ?? 0));
  // One after another: a transaction's client runs one query at a time.
  const eplayers = await count(eplayerSignups);
  const ematchCount = await count(ematches);
  const matchCount = await count(matches);
  return { eplayers, ematches: ematchCount, matches: matchCount };
}

/**
 * Whether a league can be deleted, as DELETE /league/{id} decides: no teams signed up, no division, no
 * e-players, e-matches or games (the list offers Delete only then). Each test is a scalar subquery with
 * LIMIT 1, not NOT EXISTS: PostgreSQL turned those into hashed subplans that read every team sign-up and
 * e-player of the database for a page of 50 leagues (leagues.list p95 31 → 62 ms at scale 167).
 */
export const deletableColumn = (league: SQL) => sql<boolean>`(select 1 from ${teamSignups} where ${teamSignups.league_id} = ${league} limit 1) is null
  and (select 1 from ${leagues} as d where d.parent_league_id = ${league} or d.tournament_id = ${league} limit 1) is null
  and (select 1 from ${eplayerSignups} where ${eplayerSignups.league_id} = ${league} limit 1) is null
  and (select 1 from ${ematches} where ${ematches.league_id} = ${league} limit 1) is null
  and (select 1 from ${matches} where ${matches.league_id} = ${league} limit 1) is null`;
