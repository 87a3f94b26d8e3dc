import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as api from '../../../core/api/invoices';
import { facilityScope } from '../../auth/guard';
import { invoiceItems, invoices } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { parse } from '../../http/validate';
import { findCustomer } from '../../domain/customers/access';
import { customerInvoices } from '../../domain/customers/invoiceTotals';
import { listFilter, listInvoices, searchWhere, sendInvoiceExport, sendInvoicePage } from './search';
import { findInvoiceView, invoiceViews } from '../../domain/invoices/view';

// Reading invoices (spec 2 §7): the list (GET /invoice in ra-data-simple-rest's dialect: filter holds
// the search bar's fields), its search and its export (every row, streamed), one invoice, and the invoices of an event, a contract or a
// customer (the profile's tab). Office roles read; non-admins their facility's only.

export async function invoiceReadRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, api.invoiceList, async ({ user, query: { filter = {}, range, sort } }, _request, reply) => {
    const { id: ids, ...query } = filter as { id?: unknown };
    if (ids !== undefined) {
      const wanted = parse(api.invoiceIds, ids);
      const facility = facilityScope(user);
      return sendInvoicePage(reply, await listInvoices(db, listFilter([
        ['ids', wanted, (ids) => sql`${invoices.ID} = any(${ids}::integer[])`],
        ['facility', facility ?? undefined, (id) => eq(invoices.facility_id, id)],
      ])));
    }
    const input = parse(api.invoiceSearch, { query, range, sort: Array.isArray(sort) ? [sort[0] === 'id' ? 'ID' : sort[0], sort[1]] : undefined });
    return sendInvoicePage(reply, await listInvoices(db, searchWhere(user, input.query), input));
  });

  serve(app, api.searchInvoices, async ({ user, body }, _request, reply) =>
    sendInvoicePage(reply, await listInvoices(db, searchWhere(user, body.query), body)));

  serve(app, api.exportInvoices, async ({ user, body }, _request, reply) => sendInvoiceExport(reply, db, searchWhere(user, body.query), body.sort));

  serve(app, api.eventInvoices, async ({ user, query: { event_id } }) => {
    const facility = facilityScope(user);
    const rows = await db
      .selectDistinct({ ID: invoices.ID, date: invoices.date })
      .from(invoices)
      .innerJoin(invoiceItems, eq(invoiceItems.invoice_id, invoices.ID))
      .where(and(eq(invoiceItems.event_id, event_id), facility === null ? undefined : eq(invoices.facility_id, facility)))
      .orderBy(desc(invoices.date), desc(invoices.ID));
    return invoiceViews(db, rows.map((r) => r.ID));
  });

  serve(app, api.contractInvoices, async ({ user, params: { id } }) => {
    const facility = facilityScope(user);
    const rows = await db
      .select({ ID: invoices.ID })
      .from(invoices)
      .where(and(eq(invoices.contract_id, id), facility === null ? undefined : eq(invoices.facility_id, facility)))
      .orderBy(desc(invoices.date), desc(invoices.ID));
    return invoiceViews(db, rows.map((r) => r.ID));
  });

  serve(app, api.customerInvoices, async ({ user, params: { id } }) => customerInvoices(db, (await findCustomer(db, user, id)).ID));

  serve(app, api.getInvoice, async ({ user, params: { id } }) => findInvoiceView(db, user, id));
}
