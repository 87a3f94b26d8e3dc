import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_OCCURRENCES, occurrences } from '../../../core/recurrence';
import { EVENT_MESSAGES } from '../../../core/validation/event';
import { jsonRecordId } from '../../../core/validation/ids';
import { authorize } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { events } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { idParam } from '../../../core/validation/wire';
import { eventWire, facilityZone, findEvent, findField } from './access';
import { closedReasons, eventsInTheWayOfEach, type InTheWay } from './availability';
import { checkReferences, checkTimes, deleteEvents, insertEvent, newBlockToken } from './booking';

// Repeat series (spec 2 §2, §7).
// - POST /event/recurrent: the availability of each row ({field_id, start_date, end_date}), or of the
//   occurrences of one event and a repeat rule, computed in the facility's zone: rows with is_ok and
//   events_on_spot (the events in the way). /event/recurrent/{id} leaves event {id} out of the check
//   (moving it); /event/recurrent/ids leaves out the rows' own IDs (moving several).
// - POST /event/series: books the rows as one series (one block_token) in one transaction; each row not
//   marked keep must still be free.
// - DELETE /event/block/{token}: deletes a whole series.

const unix = z.number({ error: EVENT_MESSAGES.missingFields }).int().nonnegative();
const row = z.object({
  ID: z.number().int().positive().optional(),
  field_id: z.number({ error: EVENT_MESSAGES.missingFields }).int().positive(),
  start_date: unix,
  end_date: unix,
  keep: z.boolean().optional(),
});

const repeatRule = z.strictObject({
  method: z.enum(['daily', 'weekly']),
  frequency: z.number().int().min(1).max(52).default(1),
  end_method: z.enum(['until', 'count']),
  until: z.number().int().nonnegative().optional(),
  count: z.number().int().min(1).max(MAX_OCCURRENCES).optional(),
  weekday: z.number().int().min(0).max(6).optional(),
}).refine((r) => (r.end_method === 'until' ? r.until !== undefined : r.count !== undefined), EVENT_MESSAGES.missingFields);

const checkBody = z.union([
  z.strictObject({ events: z.array(row).min(1, EVENT_MESSAGES.missingFields).max(MAX_OCCURRENCES) }),
  z.strictObject({ field_id: row.shape.field_id, start_date: unix, end_date: unix, repeat: repeatRule }),
], { error: EVENT_MESSAGES.missingFields });

const seriesBody = z.strictObject({
  product_type_id: jsonRecordId('Required'),
  customer_id: z.number().int().positive().nullable().optional(),
  new_product_id: z.number().int().positive().nullable().optional(),
  coach_id: z.number().int().positive().nullable().optional(),
  comment: z.string().trim().max(2000).optional(),
  team_a: z.string().trim().max(200).nullable().optional(),
  team_b: z.string().trim().max(200).nullable().optional(),
  events: z.array(row).min(1, EVENT_MESSAGES.missingFields).max(MAX_OCCURRENCES),
});

const tokenParam = z.strictObject({ token: z.string().min(1).max(100) });

type Row = z.output<typeof row>;
export interface CheckedRow extends Row {
  is_ok: boolean;
  events_on_spot: InTheWay[];
  /** Why the field is closed at that time (outside its opening hours): such a row cannot be kept. */
  closed: string | null;
}

/** Parses a message for a missing field as the spec's 'Missing fields'. */
function parseRepeat<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  try {
    return parse(schema, data);
  } catch (error) {
    if (error instanceof Error && error.message.includes(EVENT_MESSAGES.missingFields)) throw badRequest(EVENT_MESSAGES.missingFields);
    throw error;
  }
}

/** The rows a check looks at: as sent, or the occurrences of the rule in the field's facility zone. */
async function rowsToCheck(db: Db, user: SessionUser, body: z.output<typeof checkBody>): Promise<Row[]> {
  if ('events' in body) return body.events;
  checkTimes(body.start_date, body.end_date);
  const field = await findField(db, user, body.field_id);
  const zone = await facilityZone(db, field.facility_id);
  return occurrences(body.start_date, body.end_date, body.repeat, zone).map((o) => ({ field_id: body.field_id, ...o }));
}

/** The availability of each row; with `openingHours`, a row outside its field's hours is not ok either. */
export async function checkRows(db: Db | Tx, user: SessionUser, rows: Row[], exclude: number[], openingHours = false): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = [];
  const fieldIds = [...new Set(rows.map((r) => r.field_id))];
  for (const fieldId of fieldIds) await findField(db, user, fieldId);
  for (const r of rows) checkTimes(r.start_date, r.end_date);
  const inTheWay = await eventsInTheWayOfEach(db, rows, exclude);
  const closed = openingHours ? await closedReasons(db, rows) : rows.map(() => null);
  rows.forEach((r, i) => checked.push({ ...r, is_ok: inTheWay[i].length === 0 && closed[i] === null, events_on_spot: inTheWay[i], closed: closed[i] }));
  return checked;
}

export async function recurrentRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  const answer = (rows: CheckedRow[]) => ({ events: rows, events_on_spots: rows.flatMap((r) => r.events_on_spot) });

  app.post('/event/recurrent', async (request) => {
    const user = authorize(request, 'events', 'create');
    const body = parseRepeat(checkBody, request.body);
    return answer(await checkRows(db, user, await rowsToCheck(db, user, body), [], true));
  });

  app.post('/event/recurrent/ids', async (request) => {
    const user = authorize(request, 'events', 'edit');
    const body = parseRepeat(checkBody, request.body);
    const rows = await rowsToCheck(db, user, body);
    return answer(await checkRows(db, user, rows, rows.flatMap((r) => (r.ID ? [r.ID] : [])), true));
  });

  app.post('/event/recurrent/:id', async (request) => {
    const user = authorize(request, 'events', 'edit');
    const { id } = parse(idParam, request.params);
    await findEvent(db, user, id);
    const body = parseRepeat(checkBody, request.body);
    return answer(await checkRows(db, user, await rowsToCheck(db, user, body), [id], true));
  });

  app.post('/event/series', async (request, reply) => {
    const user = authorize(request, 'events', 'create');
    const { events: rows, ...common } = parseRepeat(seriesBody, request.body);
    const created = await db.transaction(async (tx) => {
      await checkReferences(tx, user, common);
      const block_token = newBlockToken();
      const out = [];
      // One by one in time order: each row sees the rows booked before it.
      for (const r of [...rows].sort((a, b) => a.start_date - b.start_date)) {
        out.push(await insertEvent(tx, user, { ...common, field_id: r.field_id, start_date: r.start_date, end_date: r.end_date, keep: r.keep ?? false, block_token }));
      }
      return out;
    });
    return reply.status(201).send({ block_token: created[0].block_token, events: created.map(eventWire) });
  });

  app.delete('/event/block/:token', async (request) => {
    const user = authorize(request, 'events', 'delete');
    const { token } = parse(tokenParam, request.params);
    return db.transaction(async (tx) => {
      const scope = user.role === 'admin' ? undefined : eq(events.facility_id, user.facility_id);
      const targets = await tx.select().from(events).where(and(eq(events.block_token, token), scope));
      if (!targets.length) throw notFound('Series');
      return deleteEvents(tx, user, targets);
    });
  });
}
