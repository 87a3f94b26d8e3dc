import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contractMarketingList } from '../../../core/api/contracts';
import { contracts, customers, events, pickupPlayers } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { customerNameOrder } from '../../domain/customers/summary';
import { findContract } from '../../domain/contracts/access';

// GET /contract/marketing/{id}: the contract's marketing list (spec 2 §2 "create marketing list for
// pickup"): the people a marketing tool should reach — the contract's customer and every player of its
// pickup games — once each, with the address to write to (a child's is its parent's e-mail, never the
// '##' placeholder). The detail page downloads it as a spreadsheet and copies the addresses.

export async function contractMarketingRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, contractMarketingList, async ({ user, params: { id } }) => {
    const contract = await findContract(db, user, id);
    const players = db.select({ ID: pickupPlayers.customer_id }).from(pickupPlayers)
      .innerJoin(events, eq(events.ID, pickupPlayers.event_id))
      .where(eq(events.contract_id, contract.ID));
    const customer = db.select({ ID: contracts.customer_id }).from(contracts).where(and(eq(contracts.ID, contract.ID), isNotNull(contracts.customer_id)));
    return db
      .select({
        ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, phone: customers.phone,
        email: sql<string | null>`case when ${customers.is_kid} then ${customers.parent_email} else nullif(split_part(${customers.email}, '##', 1), '') end`,
      })
      .from(customers)
      .where(or(inArray(customers.ID, players), inArray(customers.ID, customer)))
      .orderBy(...customerNameOrder);
  });
}
