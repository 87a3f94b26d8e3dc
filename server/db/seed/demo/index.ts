import { sql } from 'drizzle-orm';
import { FACILITIES } from '../facilities';
import { WHOLE_FIELDS } from '../fields';
import { Random } from '../random';
import { Writer, type Executor } from '../writer';
import { Clock, DAY, Grid, termsUntil } from './calendar';
import { seedClassTerm } from './classes';
import { People, planFor, type DemoContext } from './context';
import { seedContractTerm } from './contracts';
import { seedCustomers } from './customers';
import { createTeams, seedLeagueTerm, type Previous } from './leagues';
import { Ledger } from './ledger';
import { seedRentalTerm } from './rentals';
import { seedDiscountRules, seedScoreboards, seedWaivers } from './settings';
import { seedDemoStaff } from './staff';

// The demo network on top of the reference data: people first, then term by term (oldest first) and
// facility by facility the programs, which claim their weekly field hours, and the rentals around them.

const SEED = 20_260_101;

export async function seedDemoNetwork(db: Executor, passwordHash: string, options: { scale: number; now: number }): Promise<void> {
  const writer = new Writer(db);
  await writer.resume();
  const rng = new Random(SEED);
  const staff = await seedDemoStaff(db, writer, passwordHash);
  const ctx: DemoContext = {
    rng, writer, staff, now: options.now, plan: planFor(options.scale), clock: new Clock(), people: new People(),
    ledger: new Ledger(writer, rng, staff, options.now),
  };
  const terms = termsUntil(ctx.now, ctx.plan.terms);
  const windowStart = terms[0].firstDay * DAY;

  ctx.ledger.seedDiscounts();
  seedDiscountRules(ctx, windowStart);
  seedScoreboards(ctx);
  seedWaivers(ctx);
  await seedCustomers(ctx, windowStart);
  const teams = new Map(FACILITIES.map((f) => [f.ID, createTeams(ctx, f, windowStart - 30 * DAY)]));
  const previous: Previous = new Map();
  for (const term of terms) {
    for (const facility of FACILITIES) {
      const fields = WHOLE_FIELDS.filter((f) => f.facility_id === facility.ID);
      const grid = new Grid(fields);
      seedLeagueTerm(ctx, facility, fields, term, grid, teams.get(facility.ID)!, previous);
      seedClassTerm(ctx, facility, fields, term, grid);
      seedContractTerm(ctx, facility, fields, term, grid);
      seedRentalTerm(ctx, facility, fields, term, grid);
      await writer.checkpoint();
    }
  }
  await writer.finish();
  await linkBack(db);
  await consentOfMostParents(db, options.now);
  await signaturesOfMarkedWaivers(db);
}

/**
 * Four parents in five consented in the portal that their children's data may go to HubSpot and
 * broadcasts (issue 43 §7); the children of the fifth are left out of both, as a real network's are.
 */
async function consentOfMostParents(db: Executor, now: number): Promise<void> {
  const at = now - 20 * DAY;
  await db.execute(sql`insert into child_data_consents (customer_id, given_at, ip, user_agent, created_at, updated_at)
    select distinct parent_id, ${at}::bigint, '127.0.0.1', 'Touchline demo', ${at}::bigint, ${at}::bigint from families where parent_id % 5 <> 0 order by parent_id`);
}

/** Links that point forward (to rows written later) are set once everything is in. */
async function linkBack(db: Executor): Promise<void> {
  await db.execute(sql`update leagues l set rollover_to = n.id from leagues n where n.rollover_from = l.id`);
  await db.execute(sql`update invoices o set reversed_by_id = r.id from invoices r where r.reversal_of_id = o.id`);
  await db.execute(sql`update payments o set reversed_by_id = r.id from payments r where r.reversal_of_id = o.id`);
  await db.execute(sql`update payments o set refunded_by_id = r.id from payments r where r.refund_of_id = o.id`);
}

/**
 * The waivers the customers' marks say are signed (waiver_signed), recorded as signatures of their
 * facility's version (seeded in settings.ts): by the customer, a child's by its first parent, spread
 * over the days after the version. Unmarked customers have none, so a demo parent meets the portal's
 * waiver to sign for some of the family.
 */
async function signaturesOfMarkedWaivers(db: Executor): Promise<void> {
  await db.execute(sql`insert into waiver_signatures (customer_id, version_id, signed_by, full_name, sha256, signed_at, ip, user_agent, created_at, updated_at)
    select m.id, v.id, s.id, s.first_name || ' ' || s.last_name, v.sha256, v.created_at + (m.id % 25) * 86400, '127.0.0.1', 'Signed at the front desk (demo)',
      v.created_at + (m.id % 25) * 86400, v.created_at + (m.id % 25) * 86400
    from (select c.id, c.facility_id, coalesce((select min(f.parent_id) from families f where f.child_id = c.id), c.id) as signer_id
          from customers c where c.waiver_signed and c.deleted_at is null) m
    join waiver_versions v on v.facility_id = m.facility_id
    join customers s on s.id = m.signer_id
    order by m.id`);
}
