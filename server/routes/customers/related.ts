import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toDollars } from '../../../core/money';
import { emailBeforeMarker, isKidCustomer } from '../../../core/validation/customer';
import { authorize } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import { attendees, classes, contracts, customers, eplayers, events, productTypes, trialAssistants } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { parse } from '../../http/validate';
import { idParam } from '../../../core/validation/wire';
import { findCustomer } from './access';
import { hubspotKeyOf } from './hubspotKey';

// The lists behind the profile's tabs (spec 1 §7): GET /eplayer/cust/{id}, /contract/cust/{id},
// /class/customer/{id}, /class/trial/customer/{id} (its invoices, /invoice/customer/{id}, are
// invoices/read.ts'); and the HubSpot contact link, GET /customer/hubspot/{id}. Each answers 404 for a customer the user cannot reach.

export const NO_HUBSPOT = 'No HubSpot integration is set up for this facility';
export const NOT_IN_HUBSPOT = 'This customer is not in HubSpot yet';

export async function customerRelatedRoutes(app: FastifyInstance) {
  const { db, hubspot } = app.deps;

  /** The customer named by the route, when the user may see profiles and reach this one. */
  const customerOf = async (request: FastifyRequest, user: SessionUser = authorize(request, 'customer_profile', 'show')) =>
    findCustomer(db, user, parse(idParam, request.params).id);

  app.get('/eplayer/cust/:id', async (request) => {
    const customer = await customerOf(request);
    const [eplayer] = await db.select().from(eplayers).where(eq(eplayers.customer_id, customer.ID));
    return eplayer ?? null;
  });

  app.get('/contract/cust/:id', async (request) => {
    const customer = await customerOf(request);
    const rows = await db
      .select({ contract: contracts, product_type: { ID: productTypes.ID, name: productTypes.name } })
      .from(contracts)
      .innerJoin(productTypes, eq(productTypes.ID, contracts.product_type_id))
      .where(eq(contracts.customer_id, customer.ID))
      .orderBy(desc(contracts.CreatedAt), desc(contracts.ID));
    return rows.map(({ contract, product_type }) => ({
      ...contract, fee: toDollars(contract.fee), deposit: toDollars(contract.deposit), product_type,
    }));
  });

  app.get('/class/customer/:id', async (request) => {
    const customer = await customerOf(request);
    return db
      .select({
        ID: attendees.ID,
        class_id: attendees.class_id,
        customer_id: attendees.customer_id,
        parent_id: attendees.parent_id,
        uniform_size: attendees.uniform_size,
        invoice_id: attendees.invoice_id,
        CreatedAt: attendees.CreatedAt,
        class: { ID: classes.ID, name: classes.name, start_date: classes.start_date, end_date: classes.end_date, facility_id: classes.facility_id, is_camp: classes.is_camp },
      })
      .from(attendees)
      .innerJoin(classes, eq(classes.ID, attendees.class_id))
      .where(eq(attendees.customer_id, customer.ID))
      .orderBy(desc(classes.start_date), desc(attendees.ID));
  });

  app.get('/class/trial/customer/:id', async (request) => {
    const customer = await customerOf(request);
    return db
      .select({
        ID: trialAssistants.ID,
        class_id: trialAssistants.class_id,
        event_id: trialAssistants.event_id,
        customer_id: trialAssistants.customer_id,
        parent_id: trialAssistants.parent_id,
        CreatedAt: trialAssistants.CreatedAt,
        class: { ID: classes.ID, name: classes.name },
        event: { ID: events.ID, start_date: events.start_date, end_date: events.end_date },
      })
      .from(trialAssistants)
      .innerJoin(classes, eq(classes.ID, trialAssistants.class_id))
      .innerJoin(events, eq(events.ID, trialAssistants.event_id))
      .where(eq(trialAssistants.customer_id, customer.ID))
      .orderBy(desc(events.start_date), desc(trialAssistants.ID));
  });

  app.get('/customer/hubspot/:id', async (request) => {
    const customer = await customerOf(request);
    const apiKey = await hubspotKeyOf(db, customer.facility_id);
    if (!apiKey) throw conflict(NO_HUBSPOT);
    const portalId = await hubspot.portalId(apiKey);
    let contactId = customer.hubspot_id;
    if (!contactId) {
      // A child's email is its parent's plus '##' and its ID: HubSpot knows the family by the parent's.
      const email = isKidCustomer(customer) ? emailBeforeMarker(customer.email) : customer.email.trim();
      contactId = email ? await hubspot.findContactByEmail(apiKey, email) : null;
      if (!contactId) throw new HttpError(404, NOT_IN_HUBSPOT);
      // Remembered, so the next click needs no search; a contact id found meanwhile is left alone.
      await db.update(customers).set({ hubspot_id: contactId }).where(and(eq(customers.ID, customer.ID), isNull(customers.hubspot_id)));
    }
    return { link: `https://app.hubspot.com/contacts/${portalId}/record/0-1/${encodeURIComponent(contactId)}` };
  });
}

