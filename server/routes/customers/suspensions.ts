import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize } from '../../auth/guard';
import { suspensions } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { idParam } from '../../../core/validation/wire';
import { findCustomer } from './access';
import { recordCustomerChange } from './audit';

// Suspend player (spec 1 §3, §7): POST /customer/suspension adds a period; DELETE /suspension/{id}
// lifts it. A customer is suspended while now falls inside one of their periods.

const seconds = z.number({ error: 'must be a date (unix seconds)' }).int().nonnegative();

const suspensionBody = z.strictObject({
  customer_id: z.number().int().positive(),
  from: seconds,
  until: seconds,
  foul: z.string().trim().min(1, 'Required').max(200),
  notes: z.string().trim().max(2000).default(''),
});

export async function suspensionRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.post('/customer/suspension', async (request, reply) => {
    const user = authorize(request, 'suspensions', 'create');
    const body = parse(suspensionBody, request.body);
    if (body.until < body.from) throw badRequest('until: cannot be before from');
    const row = await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, user, body.customer_id);
      const [created] = await tx.insert(suspensions).values(body).returning();
      await recordCustomerChange(tx, user, customer, 'update', { suspension: created });
      return created;
    });
    return reply.status(201).send(row);
  });

  app.delete('/suspension/:id', async (request) => {
    const user = authorize(request, 'suspensions', 'delete');
    const { id } = parse(idParam, request.params);
    return db.transaction(async (tx) => {
      const [period] = await tx.select().from(suspensions).where(eq(suspensions.ID, id));
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
