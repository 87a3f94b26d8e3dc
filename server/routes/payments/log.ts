import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentLog } from '../../../core/api/payments';
import { facilityScope } from '../../auth/guard';
import { facilities, payments, users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { paymentWire } from '../../domain/payments/access';

// GET /log/payments (spec 2 §7): the payment log, newest first — every payment with its invoice's
// facility and who took it; filtered by time (unix seconds), facility and Square transaction id.

export async function paymentLogRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, paymentLog, async ({ user, query }) => {
    const facility = facilityScope(user, query.facility_id);
    const rows = await db.select({
      payment: payments, facility: { ID: facilities.ID, name: facilities.name },
      user: { ID: users.ID, first_name: users.first_name, last_name: users.last_name },
    }).from(payments)
      .innerJoin(facilities, eq(facilities.ID, payments.facility_id))
      .leftJoin(users, eq(users.ID, payments.user_id))
      .where(and(
        facility === null ? undefined : eq(payments.facility_id, facility),
        query.start === undefined ? undefined : gte(payments.CreatedAt, query.start),
        query.end === undefined ? undefined : lt(payments.CreatedAt, query.end),
        query.square_id === undefined ? undefined : eq(payments.square_id, query.square_id),
      ))
      .orderBy(desc(payments.CreatedAt), desc(payments.ID))
      .limit(query.limit);
    return rows.map((row) => ({ ...paymentWire(row.payment), facility: row.facility, user: row.user?.ID ? row.user : null }));
  });
}
