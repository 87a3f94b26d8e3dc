import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize } from '../../auth/guard';
import { invoiceItems, invoices } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { parse } from '../../http/validate';
import { idParam } from '../../../core/validation/wire';
import { facilityScope } from '../../auth/guard';
import { listFilter, listInvoices, searchBody, searchWhere, sendInvoicePage } from './search';
import { findInvoiceView, invoiceViews } from './view';

// Reading invoices (spec 2 §7): GET /invoice (the list in ra-data-simple-rest's dialect: filter holds
// the search bar's fields), POST /invoice/search/new, GET /invoice/{id}, /invoice/event?event_id,
// /invoice/contract/{id} (/invoice/customer/{id} is the profile's, customers/related.ts). Office roles read; non-admins their facility's only.

const jsonParam = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
});
const listParams = z.object({ filter: jsonParam.optional(), range: jsonParam.optional(), sort: jsonParam.optional() });

export async function invoiceReadRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/invoice', async (request, reply) => {
    const user = authorize(request, 'invoices', 'list');
    const { filter = {}, range, sort } = parse(listParams, request.query);
    const { id: ids, ...query } = filter as { id?: unknown };
    if (ids !== undefined) {
      const wanted = parse(z.array(z.number().int().positive()).max(1000), ids);
      const facility = facilityScope(user);
      return sendInvoicePage(reply, await listInvoices(db, listFilter([
        ['ids', wanted, (ids) => sql`${invoices.ID} = any(${ids}::integer[])`],
        ['facility', facility ?? undefined, (id) => eq(invoices.facility_id, id)],
      ])));
    }
    const input = parse(searchBody, { query, range, sort: Array.isArray(sort) ? [sort[0] === 'id' ? 'ID' : sort[0], sort[1]] : undefined });
    return sendInvoicePage(reply, await listInvoices(db, searchWhere(user, input.query), input));
  });

  app.post('/invoice/search/new', async (request, reply) => {
    const user = authorize(request, 'invoices', 'list');
    const input = parse(searchBody, request.body);
    return sendInvoicePage(reply, await listInvoices(db, searchWhere(user, input.query), input));
  });

  app.get('/invoice/event', async (request) => {
    const user = authorize(request, 'invoices', 'show');
    const { event_id } = parse(z.strictObject({ event_id: z.coerce.number().int().positive('must be an event ID') }), request.query);
    const facility = facilityScope(user);
    const rows = await db
      .selectDistinct({ ID: invoices.ID, date: invoices.date })
      .from(invoices)
      .innerJoin(invoiceItems, eq(invoiceItems.invoice_id, invoices.ID))
      .where(and(eq(invoiceItems.event_id, event_id), facility === null ? undefined : eq(invoices.facility_id, facility)))
      .orderBy(desc(invoices.date), desc(invoices.ID));
    return invoiceViews(db, rows.map((r) => r.ID));
  });

  app.get('/invoice/contract/:id', async (request) => {
    const user = authorize(request, 'invoices', 'show');
    const { id } = parse(idParam, request.params);
    const facility = facilityScope(user);
    const rows = await db
      .select({ ID: invoices.ID })
      .from(invoices)
      .where(and(eq(invoices.contract_id, id), facility === null ? undefined : eq(invoices.facility_id, facility)))
      .orderBy(desc(invoices.date), desc(invoices.ID));
    return invoiceViews(db, rows.map((r) => r.ID));
  });

  app.get('/invoice/:id', async (request) => {
    const user = authorize(request, 'invoices', 'show');
    const params = idParam.safeParse(request.params);
    if (!params.success) throw badRequest('id: must be a positive whole number');
    return findInvoiceView(db, user, params.data.id);
  });
}
