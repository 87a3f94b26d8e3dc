import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addTrial, CHILD_WITHOUT_PARENT, NO_TRIALS, NOT_UPCOMING, TRIAL_TAKEN, upcomingTrials } from '../../../core/api/customers';
import { classFitsCustomer } from '../../../core/validation/classAudience';
import { nowSeconds } from '../../../core/time';
import { isKidCustomer } from '../../../core/validation/customer';
import { facilityScope } from '../../auth/guard';
import type { Tx } from '../../db/client';
import { columnsBut } from '../../db/columns';
import { classes, events, families, fields, trialAssistants } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict } from '../../http/errors';
import { findCustomer, type CustomerRow } from '../../domain/customers/access';
import { recordCustomerChange } from '../../domain/customers/audit';

// Add free trial (spec 1 §2, §5, §7): POST /class/trial books a customer on one upcoming event of a
// class that accepts free trials. A child needs a parent on record.

/** Sessions a person can choose from in one list. */
const UPCOMING_LIMIT = 200;
/** Upcoming sessions of one facility read to find those that fit a customer (a term's worth, many times over). */
const UPCOMING_SCAN = 5000;

/** The parent a child's registration names: the one asked for when on record, else the first on record. */
export async function parentOnRecord(tx: Tx, child: CustomerRow, requested?: number): Promise<number | null> {
  if (!isKidCustomer(child)) return null;
  const links = await tx.select({ parent_id: families.parent_id }).from(families).where(eq(families.child_id, child.ID)).orderBy(asc(families.ID));
  if (links.length === 0) throw badRequest(CHILD_WITHOUT_PARENT);
  return links.find((l) => l.parent_id === requested)?.parent_id ?? links[0].parent_id;
}

export async function trialRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  /**
   * What the Add free trial dialog offers: upcoming events of the classes that accept trials, soonest
   * first, with their field. With customer_id, only the customer's facility and the classes that fit
   * them (core/validation/classAudience: adult or kids' class, age group on the event's day).
   */
  serve(app, upcomingTrials, async ({ user, query: { customer_id } }) => {
    const customer = customer_id === undefined ? null : await findCustomer(db, user, customer_id);
    const scope = customer ? customer.facility_id : facilityScope(user);
    const rows = await db
      .select({
        class: { ID: classes.ID, name: classes.name, facility_id: classes.facility_id, properties: classes.properties },
        event: { ID: events.ID, start_date: events.start_date, end_date: events.end_date },
        field: { ID: fields.ID, name: fields.name },
      })
      .from(events)
      .innerJoin(classes, eq(classes.ID, events.class_id))
      .innerJoin(fields, eq(fields.ID, events.field_id))
      .where(and(eq(classes.accepts_free_trial, true), gt(events.start_date, nowSeconds()), scope === null ? undefined : eq(classes.facility_id, scope)))
      .orderBy(asc(events.start_date), asc(events.ID))
      .limit(customer ? UPCOMING_SCAN : UPCOMING_LIMIT);
    return rows
      .filter((row) => !customer || classFitsCustomer(row.class, customer, row.event.start_date))
      .slice(0, UPCOMING_LIMIT)
      .map(({ class: { properties: _properties, ...cls }, ...rest }) => ({ ...rest, class: cls }));
  });

  serve(app, addTrial, async ({ user, body }) => {
    const row = await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, user, body.customer_id);
      const [found] = await tx
        .select({ class: classes, event: events })
        .from(events)
        .innerJoin(classes, eq(classes.ID, events.class_id))
        .where(and(eq(events.ID, body.event_id), eq(classes.ID, body.class_id)));
      if (!found || (user.role !== 'admin' && found.class.facility_id !== user.facility_id)) throw badRequest(NOT_UPCOMING);
      if (!found.class.accepts_free_trial) throw badRequest(NO_TRIALS);
      if (found.event.start_date <= nowSeconds()) throw badRequest(NOT_UPCOMING);
      const [taken] = await tx.select({ ID: trialAssistants.ID }).from(trialAssistants)
        .where(and(eq(trialAssistants.event_id, body.event_id), eq(trialAssistants.customer_id, customer.ID)));
      if (taken) throw conflict(TRIAL_TAKEN);
      const parent_id = await parentOnRecord(tx, customer, body.parent_id);
      const [created] = await tx.insert(trialAssistants)
        .values({ class_id: body.class_id, event_id: body.event_id, customer_id: customer.ID, parent_id })
        .returning(columnsBut(trialAssistants, 'uniform_size', 'invoice_id', 'UpdatedAt'));
      await recordCustomerChange(tx, user, customer, 'update', { trial: created });
      return created;
    });
    return row;
  });
}
