import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { liftSuspension, suspendCustomer } from '../../../core/api/customers';
import { columnsBut } from '../../db/columns';
import { suspensions } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { findCustomer } from '../../domain/customers/access';
import { recordCustomerChange } from '../../domain/customers/audit';

// Suspend player (spec 1 §3, §7): POST /customer/suspension adds a period; DELETE /suspension/{id}
// lifts it. A customer is suspended while now falls inside one of their periods.

export async function suspensionRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, suspendCustomer, async ({ user, body }) => {
    const row = await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, user, body.customer_id);
      const [created] = await tx.insert(suspensions).values(body).returning(columnsBut(suspensions, 'CreatedAt', 'UpdatedAt'));
      await recordCustomerChange(tx, user, customer, 'update', { suspension: created });
      return created;
    });
    return row;
  });

  serve(app, liftSuspension, async ({ user, params: { id } }) => {
    return db.transaction(async (tx) => {
      const [period] = await tx.select(columnsBut(suspensions, 'CreatedAt', 'UpdatedAt')).from(suspensions).where(eq(suspensions.ID, id));
      if (!period) throw notFound('Suspension');
      const customer = await findCustomer(tx, user, period.customer_id).catch(() => {
        throw notFound('Suspension');
      });
      await tx.delete(suspensions).where(eq(suspensions.ID, id));
      await recordCustomerChange(tx, user, customer, 'update', { suspension_lifted: period });
      return period;
    });
  });
}
