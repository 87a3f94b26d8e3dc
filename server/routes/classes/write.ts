import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClass, deleteClass, facilityCoaches, setClassCoaches, updateClass, type ClassBody } from '../../../core/api/classes';
import { toCents } from '../../../core/money';
import { CLASS_MESSAGES, defaultClassProperties } from '../../../core/validation/classes';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { transaction } from '../../db/transaction';
import { classes, coachAssignments, events, facilities, gls, invoices, products, trialAssistants, users, waitlists } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { recordEventChanges } from '../../domain/events/access';
import { attendeesOf, auditClass, classWire, findClass, variationAt } from '../../domain/classes/access';
import { promote } from '../../domain/classes/enrolment';
import { assertCapacity } from '../../domain/classes/seats';

// One class (spec 3 §2.16, §7): POST /class (admins: a class, a season, a division, a clone), PUT
// /class/{id} (the form, the name alone, the fee's product; raising max_kids promotes the waitlist),
// DELETE /class/{id} (no participants, divisions or invoices; its events and trials go with it),
// PUT /class/coaches (admins and managers: at most two, the first the lead) and GET
// /facility/{id}/coaches.

/** The product is a class product (GL 14…) and a season above is at the same facility. */
async function checkReferences(tx: Tx, facilityId: number, input: { new_product_id?: number; product_id?: number | null; class_parent_id?: number | null }) {
  const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facilityId));
  if (!facility) throw badRequest('facility_id: there is no such facility');
  if (input.new_product_id) {
    const [product] = await tx.select({ code: gls.code }).from(products).innerJoin(gls, eq(gls.ID, products.gl_id)).where(eq(products.ID, input.new_product_id));
    if (!product?.code.startsWith('14')) throw badRequest('new_product_id: choose a class product');
  }
  if (input.class_parent_id) {
    const [parent] = await tx.select({ facility_id: classes.facility_id, is_container: classes.is_container }).from(classes).where(eq(classes.ID, input.class_parent_id));
    if (!parent || parent.facility_id !== facilityId || !parent.is_container) throw badRequest('class_parent_id: there is no such season at this facility');
  }
}

async function insertClass(tx: Tx, user: SessionUser, input: ClassBody) {
  const facility_id = facilityScope(user, input.facility_id) ?? input.facility_id;
  await checkReferences(tx, facility_id, input);
  const { CreatedAt: _c, UpdatedAt: _u, fee, properties, ...fields } = input;
  const [row] = await tx.insert(classes).values({
    ...fields,
    facility_id,
    fee: fee === null || fee === undefined ? null : toCents(fee),
    properties: properties ?? defaultClassProperties(),
    class_parent_id: input.class_parent_id ?? null,
    product_id: input.product_id ?? await variationAt(tx, input.new_product_id, facility_id),
  }).returning();
  await auditClass(tx, user, row, 'create');
  return row;
}

export async function classWriteRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  serve(app, createClass, async ({ user, body, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'class', body, async (tx) => classWire(await insertClass(tx, user, body)));
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, updateClass, async ({ user, params: { id }, body }) => {
    const row = await transaction(db, async (tx) => {
      const cls = await findClass(tx, user, id, { lock: true });
      await checkReferences(tx, cls.facility_id, body);
      if (body.class_parent_id === cls.ID) throw badRequest('class_parent_id: a class cannot be its own season');
      if (body.max_kids !== undefined) await assertCapacity(tx, cls.ID, body.max_kids);
      const { fee, ...fields } = body;
      // A new product without its variation takes the product's at the class's facility.
      const product_id = body.new_product_id && body.product_id === undefined ? await variationAt(tx, body.new_product_id, cls.facility_id) : body.product_id;
      const [row] = await tx.update(classes).set({
        ...fields,
        ...(fee !== undefined && { fee: fee === null ? null : toCents(fee) }),
        ...(product_id !== undefined && { product_id }),
        UpdatedAt: Math.floor(Date.now() / 1000),
      }).where(eq(classes.ID, id)).returning();
      await auditClass(tx, user, row, 'update');
      await promote(tx, user, row, config.publicUrl);
      return row;
    });
    app.jobs.wake();
    return classWire(row);
  });

  serve(app, deleteClass, async ({ user, params: { id } }) => transaction(db, async (tx) => {
    const cls = await findClass(tx, user, id, { lock: true });
    // One after the other: a transaction's one connection takes one query at a time.
    const [divisions] = await tx.select({ n: count() }).from(classes).where(eq(classes.class_parent_id, id));
    const [invoiced] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.class_id, id));
    if (divisions.n > 0) throw conflict(CLASS_MESSAGES.hasDivisions);
    if (await attendeesOf(tx, id) > 0) throw conflict(CLASS_MESSAGES.hasAttendees);
    if (invoiced.n > 0) throw conflict(CLASS_MESSAGES.hasInvoices);
    const own = await tx.select().from(events).where(eq(events.class_id, id));
    await tx.delete(trialAssistants).where(eq(trialAssistants.class_id, id));
    await tx.delete(waitlists).where(eq(waitlists.class_id, id));
    if (own.length) {
      await tx.delete(events).where(inArray(events.ID, own.map((e) => e.ID)));
      await recordEventChanges(tx, user, own, 'delete');
    }
    await tx.delete(classes).where(eq(classes.ID, id));
    await auditClass(tx, user, cls, 'delete');
    return { ...classWire(cls), message: CLASS_MESSAGES.deleted };
  }));

  serve(app, setClassCoaches, async ({ user, body }) => transaction(db, async (tx) => {
    const cls = await findClass(tx, user, body.class_id, { lock: true });
    if (body.coaches.length) {
      const found = await tx.select({ ID: users.ID }).from(users)
        .where(and(inArray(users.ID, body.coaches), eq(users.user_type, 'coach'), eq(users.facility_id, cls.facility_id), isNull(users.deleted_at)));
      if (found.length !== body.coaches.length) throw badRequest(CLASS_MESSAGES.notCoach);
    }
    await tx.delete(coachAssignments).where(eq(coachAssignments.class_id, cls.ID));
    if (body.coaches.length) await tx.insert(coachAssignments).values(body.coaches.map((worker_id, position) => ({ class_id: cls.ID, worker_id, position })));
    await auditClass(tx, user, cls, 'coaches', { coaches: body.coaches });
    const rows = await tx.select({ worker_id: coachAssignments.worker_id, position: coachAssignments.position, name: sql<string>`${users.first_name} || ' ' || ${users.last_name}` })
      .from(coachAssignments).innerJoin(users, eq(users.ID, coachAssignments.worker_id)).where(eq(coachAssignments.class_id, cls.ID)).orderBy(asc(coachAssignments.position));
    return rows;
  }));

  serve(app, facilityCoaches, async ({ user, params: { id } }) => {
    const facility = facilityScope(user) ?? id;
    if (facility !== id) throw notFound('Facility');
    const rows = await db.select({ id: users.ID, first_name: users.first_name, last_name: users.last_name }).from(users)
      .where(and(eq(users.facility_id, id), eq(users.user_type, 'coach'), isNull(users.deleted_at))).orderBy(asc(users.last_name), asc(users.first_name), asc(users.ID));
    return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), title: 'Coach' }));
  });
}
