import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { icsCalendar } from '../../../core/ical';
import { formatDateTime, nowSeconds } from '../../../core/time';
import { sendEventEmail } from '../../../core/api/events';
import { EVENT_MESSAGES } from '../../../core/validation/event';
import { customers, facilities, fields } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { facilityZone, findEvent, recordEventChange, type EventRow } from '../../domain/events/access';

// POST /event/email/{id}: re-sends the booking confirmation to the event's customer: the booking in
// the facility's time zone, with an .ics entry so it lands in the customer's own calendar.

export function bookingIcs(event: EventRow, summary: string, location: string, host: string): string {
  return icsCalendar({
    name: summary, now: nowSeconds(), method: 'PUBLISH',
    events: [{ uid: `event-${event.ID}@${host}`, start: event.start_date, end: event.end_date, summary, location }],
  });
}

export async function emailRoutes(app: FastifyInstance) {
  const { db, mailer, config } = app.deps;

  serve(app, sendEventEmail, async ({ user, params: { id } }) => {
    const event = await findEvent(db, user, id);
    if (!event.customer_id) throw badRequest('This event has no customer to send a confirmation to');
    const [customer] = await db.select().from(customers).where(eq(customers.ID, event.customer_id));
    const email = customer?.email?.split('#')[0].trim();
    if (!email) throw badRequest('The customer has no email address');
    const [[facility], [field], zone] = await Promise.all([
      db.select().from(facilities).where(eq(facilities.ID, event.facility_id)),
      db.select().from(fields).where(eq(fields.ID, event.field_id)),
      facilityZone(db, event.facility_id),
    ]);
    const when = `${formatDateTime(event.start_date, zone)} – ${formatDateTime(event.end_date, zone).split(' ')[1]}`;
    const where = `${facility.name}, field ${field.name}${facility.address ? ` (${facility.address})` : ''}`;
    await mailer.send({
      to: email,
      subject: `Your booking at ${facility.name} on ${formatDateTime(event.start_date, zone).split(' ')[0]}`,
      text: `Hello ${customer.first_name},\n\nYour booking is confirmed:\n\n${when} (${zone})\n${where}\n${event.comment ? `${event.comment}\n` : ''}\nSee you on the field!\n${facility.name}\n`,
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookingIcs(event, `Booking at ${facility.name}`, where, new URL(config.publicUrl).host) }],
    });
    await db.transaction((tx) => recordEventChange(tx, user, event, 'email'));
    return { message: EVENT_MESSAGES.emailSent };
  });
}
