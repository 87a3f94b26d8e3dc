import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  customerClasses, customerContracts, customerEplayer, customerTrials, hubspotLink, NOT_IN_HUBSPOT,
} from '../../../core/api/customers';
import { toDollars } from '../../../core/money';
import { emailBeforeMarker, isKidCustomer } from '../../../core/validation/customer';
import type { SessionUser } from '../../auth/session';
import { columnsBut } from '../../db/columns';
import { attendees, classes, contracts, customers, eplayers, events, productTypes, trialAssistants } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { findCustomer } from '../../domain/customers/access';
import { requireHubspotKey } from './hubspotKey';

// The lists behind the profile's tabs (spec 1 §7): GET /eplayer/cust/{id}, /contract/cust/{id},
// /class/customer/{id}, /class/trial/customer/{id}; and the HubSpot contact link, GET
// /customer/hubspot/{id}. Each answers 404 for a customer the user cannot reach. (The Invoices tab's
// GET /invoice/customer/{id} is the invoices' own: ../invoices/read.ts.)

export async function customerRelatedRoutes(app: FastifyInstance) {
  const { db, hubspot } = app.deps;

  /** The customer named by the route, when the user may reach it. */
  const customerOf = (input: { user: SessionUser; params: { id: number } }) => findCustomer(db, input.user, input.params.id);

  serve(app, customerEplayer, async (input) => {
    const customer = await customerOf(input);
    const [eplayer] = await db.select(columnsBut(eplayers, 'CreatedAt', 'UpdatedAt')).from(eplayers).where(eq(eplayers.customer_id, customer.ID));
    return eplayer ?? null;
  });

  serve(app, customerContracts, async (input) => {
    const customer = await customerOf(input);
    const rows = await db
      .select({
        contract: {
          ID: contracts.ID, name: contracts.name, facility_id: contracts.facility_id, fee: contracts.fee, deposit: contracts.deposit,
          signed: contracts.signed, sent: contracts.sent, CreatedAt: contracts.CreatedAt,
        },
        product_type: { ID: productTypes.ID, name: productTypes.name },
      })
      .from(contracts)
      .innerJoin(productTypes, eq(productTypes.ID, contracts.product_type_id))
      .where(eq(contracts.customer_id, customer.ID))
      .orderBy(desc(contracts.CreatedAt), desc(contracts.ID));
    return rows.map(({ contract, product_type }) => ({
      ...contract, fee: toDollars(contract.fee), deposit: toDollars(contract.deposit), product_type,
    }));
  });

  serve(app, customerClasses, async (input) => {
    const customer = await customerOf(input);
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

  serve(app, customerTrials, async (input) => {
    const customer = await customerOf(input);
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

  serve(app, hubspotLink, async (input) => {
    const customer = await customerOf(input);
    const apiKey = await requireHubspotKey(db, customer.facility_id);
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

