import { eq } from 'drizzle-orm';
import { EVENT_INVOICE_MESSAGES } from '../../../core/api/events';
import { INVOICE_TYPE } from '../../../core/constants';
import { can } from '../../../core/permissions';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { fields } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { recordInvoiceChange } from '../invoices/audit';
import { createInvoice } from '../invoices/write';
import { facilityZone, type EventRow } from './access';
import { bookingQuote } from './bookingProduct';

// Invoicing a calendar booking as it is saved (issue 41 m28): the Add event dialog's Save books the
// event and, in the same transaction, writes the booking customer's invoice with one line for the event
// at the product's price for that booking (peak and off-peak by the minute, as GET /event/product
// quotes it) and the facility's tax and fee — what the event page's "Invoice & event" does later.

/** Writes the invoice of a booking just inserted in `tx`; answers its ID. */
export async function invoiceBooking(tx: Tx, user: SessionUser, event: EventRow): Promise<number> {
  if (!can(user.role, 'invoices', 'create')) throw forbidden();
  if (!event.customer_id) throw badRequest(EVENT_INVOICE_MESSAGES.noCustomer);
  const [field] = await tx.select().from(fields).where(eq(fields.ID, event.field_id));
  const quote = await bookingQuote(tx, event, field, await facilityZone(tx, event.facility_id));
  if (!quote) throw badRequest(EVENT_INVOICE_MESSAGES.noProduct);
  const invoice = await createInvoice(tx, user, {
    facility_id: event.facility_id, customer_id: event.customer_id, product_type_id: event.product_type_id, invoice_type_id: INVOICE_TYPE.GENERAL,
    comment: '', invoice_items: [{
      event_id: event.ID, product_id: quote.product_id, new_product_id: quote.new_product_id, price: quote.price, quantity: 1, comment: '', team_signup_id: null,
    }],
  });
  await recordInvoiceChange(tx, user, invoice, 'create');
  return invoice.ID;
}
