import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  checkMovingEvent, checkMovingRows, checkRepeat, createSeries, deleteSeries, type CheckedRow, type CheckRow, type RepeatCheck,
} from '../../../core/api/events';
import { occurrences } from '../../../core/recurrence';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { eventWire, facilityZone, findEvent, findField } from '../../domain/events/access';
import { checkReferences, checkTimes, deleteEvents, insertEvent, newBlockToken } from '../../domain/events/booking';
import { bookingProductColumns, type ProductColumns } from '../../domain/events/bookingProduct';
import { checkRows } from '../../domain/events/check';

// Repeat series (spec 2 §2, §7).
// - POST /event/recurrent: the availability of each row ({field_id, start_date, end_date}), or of the
//   occurrences of one event and a repeat rule, computed in the facility's zone: rows with is_ok and
//   events_on_spot (the events in the way). /event/recurrent/{id} leaves event {id} out of the check
//   (moving it); /event/recurrent/ids leaves out the rows' own IDs (moving several).
// - POST /event/series: books the rows as one series (one block_token) in one transaction; each row not
//   marked keep must still be free.
// - DELETE /event/block/{token}: deletes a whole series.

/** The rows a check looks at: as sent, or the occurrences of the rule in the field's facility zone. */
async function rowsToCheck(db: Db, user: SessionUser, body: RepeatCheck): Promise<CheckRow[]> {
  if ('events' in body) return body.events;
  checkTimes(body.start_date, body.end_date);
  const field = await findField(db, user, body.field_id);
  const zone = await facilityZone(db, field.facility_id);
  return occurrences(body.start_date, body.end_date, body.repeat, zone).map((o) => ({ field_id: body.field_id, ...o }));
}

export async function recurrentRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  const answer = (rows: CheckedRow[]) => ({ events: rows, events_on_spots: rows.flatMap((r) => r.events_on_spot) });

  serve(app, checkRepeat, async ({ user, body }) => answer(await checkRows(db, user, await rowsToCheck(db, user, body), [], true)));

  serve(app, checkMovingRows, async ({ user, body }) => {
    const rows = await rowsToCheck(db, user, body);
    return answer(await checkRows(db, user, rows, rows.flatMap((r) => (r.ID ? [r.ID] : [])), true));
  });

  serve(app, checkMovingEvent, async ({ user, params: { id }, body }) => {
    await findEvent(db, user, id);
    return answer(await checkRows(db, user, await rowsToCheck(db, user, body), [id], true));
  });

  serve(app, createSeries, async ({ user, body, idempotencyKey }, _request, reply) => {
    const { events: rows, ...common } = body;
    const answer = await idempotentCreate(db, user, idempotencyKey, 'event-series', body, async (tx) => {
      await checkReferences(tx, user, common);
      const block_token = newBlockToken();
      // The product each row takes, found once per field.
      const products = new Map<number, ProductColumns>();
      const productOn = async (fieldId: number) =>
        products.get(fieldId) ?? products.set(fieldId, await bookingProductColumns(tx, common, await findField(tx, user, fieldId))).get(fieldId)!;
      const out = [];
      // One by one in time order: each row sees the rows booked before it.
      for (const r of [...rows].sort((a, b) => a.start_date - b.start_date)) {
        const row = { ...common, field_id: r.field_id, start_date: r.start_date, end_date: r.end_date, keep: r.keep ?? false, block_token };
        out.push(await insertEvent(tx, user, row, await productOn(r.field_id)));
      }
      return { block_token, events: out.map(eventWire) };
    });
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, deleteSeries, async ({ user, params: { token } }) => db.transaction(async (tx) => {
    const scope = user.role === 'admin' ? undefined : eq(events.facility_id, user.facility_id);
    const targets = await tx.select().from(events).where(and(eq(events.block_token, token), scope));
    if (!targets.length) throw notFound('Series');
    return deleteEvents(tx, user, targets);
  }));
}
