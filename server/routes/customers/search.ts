import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import { reactivateCustomer, searchCustomers, searchDeletedCustomers } from '../../../core/api/customers';
import { SEARCH_LIMIT } from '../../../core/constants';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { perDatabaseAndKey } from '../../db/prepared';
import { customers, facilities } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { recordCustomerChange } from '../../domain/customers/audit';
import { byteOrder, customerNameOrder, customerSummaryJson, reachableCustomer } from '../../domain/customers/summary';

// Customer search (spec 1 §2, §7): GET /customer/search/{query} finds active customers for whom every
// space-separated word occurs in some field; GET /customer/search/deleted/{query} finds deleted ones,
// and POST /customer/reactivate/{id} brings one back. Each word is a `search LIKE '%word%'` on the
// generated, lower-cased `search` column, which its pg_trgm GIN index serves at any number of customers.

/** Words beyond this many add nothing a person types. */
const MAX_WORDS = 8;

const PHONE_LIKE = /^[\d\s().+-]*\d[\d\s().+-]*$/;
const escapeLike = (word: string) => word.replace(/[\\%_]/g, '\\$&');

/**
 * The words of a query, lower-cased. A phone as people type it ("555-0100", "(212)") becomes its
 * digits, which the search column also holds, so every way of writing a number finds it.
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    .map((word) => (PHONE_LIKE.test(word) ? word.replace(/\D/g, '') : word));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

const hasTrigram = (word: string) => word.length >= 3;

/**
 * customerNameOrder, written so that the planner walks customers_name_idx only when no word has a
 * trigram (three characters or more). With a trigram, `last_name || ''` keeps it off that index:
 * walking names in order while filtering assumes matches are spread evenly over the alphabet, which
 * they are not when a word is a last name (at 200,000 customers, 'garcia' took 200 ms that way
 * against 15 ms through the trigram index). Words too short for a trigram cannot use that index;
 * then the ordered walk is the better plan.
 */
function nameOrder(trigram: boolean): SQL[] {
  if (!trigram) return customerNameOrder;
  return [asc(byteOrder(sql`${customers.last_name} || ''`)), ...customerNameOrder.slice(1)];
}

/** What a search's statement depends on besides its values. */
interface Shape { deleted: boolean; inFacility: boolean; words: number; trigram: boolean }

/**
 * The search for one shape of query, built once, with its words and facility as placeholders. It goes
 * to PostgreSQL unnamed, so each run is planned for its own words (one plan cannot serve a word with a
 * trigram and one without). The matches are sorted carrying only their ID and names; the rest of the
 * rows kept and their facilities are read for those alone (a word matching thousands of customers used
 * to copy and sort all their columns), and they arrive as the answer's JSON text.
 */
function prepareSearch(db: Db, { deleted, inFacility, words, trigram }: Shape) {
  const first = db.select({ ID: customers.ID, last_name: customers.last_name, first_name: customers.first_name })
    .from(customers)
    .where(and(
      inFacility ? eq(customers.facility_id, sql.placeholder('facility')) : undefined,
      deleted ? isNotNull(customers.deleted_at) : isNull(customers.deleted_at),
      ...Array.from({ length: words }, (_, i) => like(customers.search, sql.placeholder(`w${i}`))),
    ))
    .orderBy(...nameOrder(trigram))
    .limit(SEARCH_LIMIT)
    .as('first');
  // A query that is someone's whole name ("ana lopez" or "lopez ana") puts them first, an adult before
  // a child of the same name (a child's search text carries its parent's e-mail, so it matches too).
  const exact = sql.placeholder('exact');
  const named = sql`(lower(${first.first_name} || ' ' || ${first.last_name}) = ${exact} or lower(${first.last_name} || ' ' || ${first.first_name}) = ${exact})`;
  const inOrder = sql`case when ${named} then (case when ${customers.is_kid} then 1 else 0 end) else 2 end, ${byteOrder(first.last_name)}, ${byteOrder(first.first_name)}, ${first.ID}`;
  return db
    .select({ rows: sql<string>`coalesce(json_agg(${customerSummaryJson} order by ${inOrder}), '[]')::text` })
    .from(first)
    .innerJoin(customers, eq(customers.ID, first.ID))
    .innerJoin(facilities, eq(facilities.ID, customers.facility_id))
    .prepare('');
}
const statements = perDatabaseAndKey<ReturnType<typeof prepareSearch>>();

const searchStatement = (db: Db, shape: Shape) =>
  statements(db, `${shape.deleted}:${shape.inFacility}:${shape.words}:${shape.trigram}`, () => prepareSearch(db, shape));

export async function customerSearchRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  /** The search's input as both declarations parse it. */
  type SearchInput = { user: SessionUser; params: { query: string }; query: { facility_id?: number } };
  const search = (deleted: boolean) => async ({ user, params: { query }, query: { facility_id } }: SearchInput, _request: FastifyRequest, reply: FastifyReply) => {
    const words = searchWords(query);
    const facility = facilityScope(user, facility_id);
    const shape = { deleted, inFacility: facility !== null, words: words.length, trigram: words.some(hasTrigram) };
    const values = Object.fromEntries(words.map((word, i) => [`w${i}`, `%${escapeLike(word)}%`]));
    const [{ rows }] = await searchStatement(db, shape).execute({ ...values, facility, exact: query.toLowerCase().split(/\s+/).filter(Boolean).join(' ') });
    return reply.type('application/json; charset=utf-8').send(rows);
  };

  serve(app, searchDeletedCustomers, search(true));
  serve(app, searchCustomers, search(false));

  serve(app, reactivateCustomer, async ({ user, params: { id } }) => {
    await reachableCustomer(db, user, id, true);
    await db.transaction(async (tx) => {
      const [row] = await tx.update(customers).set({ deleted_at: null }).where(eq(customers.ID, id)).returning();
      await recordCustomerChange(tx, user, row, 'update', { reactivated: true });
    });
    return reachableCustomer(db, user, id);
  });
}
