import type { FastifyInstance } from 'fastify';
import { bookingProduct } from '../../../core/api/events';
import { EVENT_MESSAGES } from '../../../core/validation/event';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { facilityZone, findField } from '../../domain/events/access';
import { bookingProducts } from '../../domain/events/bookingProduct';

// GET /event/product: the product a calendar booking takes, priced (domain/events/bookingProduct.ts).

export async function bookingProductRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, bookingProduct, async ({ user, query }) => {
    if (query.end <= query.start) throw badRequest(EVENT_MESSAGES.endBeforeStart);
    const field = await findField(db, user, query.field_id);
    return bookingProducts(db, query, field, await facilityZone(db, field.facility_id));
  });
}
