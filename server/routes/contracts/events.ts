import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addContractEvents, checkContractEvents, deleteContractEvents, editContractEvents } from '../../../core/api/contracts';
import { toCents } from '../../../core/money';
import { CONTRACT_MESSAGES } from '../../../core/validation/contract';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { events } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { findField, recordEventChanges, type EventRow } from '../../domain/events/access';
import { guardSlots, refuseClosedSlots } from '../../domain/events/availability';
import { deleteEvents, newBlockToken } from '../../domain/events/booking';
import { checkRows } from '../../domain/events/check';
import { findContract, type ContractRow } from '../../domain/contracts/access';
import { assertNoPayments, changeContractEvents } from '../../domain/contracts/events';
import { dropEventLines, pricedEvents, totalsOf } from '../../domain/contracts/invoice';

// A contract's events (spec 2 §2 Events tab, §4 bulk edit, §5):
// - POST /contract/events/check/{id}: the availability of rows {ID?, field_id, start_date, end_date}
//   (a row's own event left out), with the events already on each spot — the bulk edit's and the add
//   dialog's 'Check for availabilities first'.
// - POST /contract/events/{id}: adds events (one repeat series), with an optional custom hourly price.
// - PUT /contract/events/{id}: the bulk edit of selected events: another field, another date/time (one
//   event), another hourly price (or back to the contract's), all or nothing; a move onto a taken slot
//   is refused whole unless the event is among keep_ids.
// Like the calendar's, every new or moved slot must lie within its field's opening hours (400, kept or
// not); the check answers such a row not ok with the reason in `closed`.
// - POST /contract/events/delete/{id}: deletes selected events, or all of them — never once paid.
// Each change locks the contract, updates its invoice and writes a History row in one transaction.

function checkTimes(start: number, end: number) {
  if (end <= start) throw badRequest(CONTRACT_MESSAGES.endAfterStart);
}

/** The contract's events among `eventIds` (all must be), locked in ID order. */
async function contractEvents(tx: Tx, contract: ContractRow, eventIds: number[]): Promise<EventRow[]> {
  const wanted = [...new Set(eventIds)].sort((a, b) => a - b);
  const rows = await tx.select().from(events).where(and(eq(events.contract_id, contract.ID), inArray(events.ID, wanted))).orderBy(events.ID).for('update');
  if (rows.length !== wanted.length) throw notFound('Event of this contract');
  return rows;
}

async function fieldsOfContract(tx: Db | Tx, user: SessionUser, contract: ContractRow, fieldIds: number[]) {
  for (const id of new Set(fieldIds)) {
    const field = await findField(tx, user, id);
    if (field.facility_id !== contract.facility_id) throw badRequest('field_id: must be a field of the contract\'s facility');
  }
}

export async function contractEventRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, checkContractEvents, async ({ user, params: { id }, body }) => {
    const contract = await findContract(db, user, id);
    for (const r of body.events) checkTimes(r.start_date, r.end_date);
    await fieldsOfContract(db, user, contract, body.events.map((r) => r.field_id));
    const rows = await checkRows(db, user, body.events, body.events.flatMap((r) => (r.ID ? [r.ID] : [])), true);
    return { events: rows, events_on_spots: rows.flatMap((r) => r.events_on_spot) };
  });

  serve(app, addContractEvents, async ({ user, params: { id }, body }) => {
    for (const r of body.events) checkTimes(r.start_date, r.end_date);
    return db.transaction(async (tx) => {
      const contract = await findContract(tx, user, id, { lock: true });
      await fieldsOfContract(tx, user, contract, body.events.map((r) => r.field_id));
      return changeContractEvents(tx, user, contract, 'add_events', async () => {
        await refuseClosedSlots(tx, body.events);
        await guardSlots(tx, contract.facility_id, body.events.map((r) => ({ ...r, keep: r.keep ?? false })));
        const block_token = newBlockToken();
        const rows = await tx.insert(events).values(body.events.map((r) => ({
          field_id: r.field_id, start_date: r.start_date, end_date: r.end_date, keep: r.keep ?? false,
          facility_id: contract.facility_id, product_type_id: contract.product_type_id, customer_id: contract.customer_id,
          product_id: contract.product_id, contract_id: contract.ID, block_token, comment: contract.name,
          contract_variant_price: body.price ? toCents(body.price) : null,
        }))).returning();
        await recordEventChanges(tx, user, rows, 'create');
        return rows.length;
      });
    });
  });

  serve(app, editContractEvents, async ({ user, params: { id }, body }) => {
    const timeChange = body.start_date !== undefined || body.end_date !== undefined;
    if (timeChange && new Set(body.event_ids).size > 1) throw badRequest('The date and time change one event at a time');
    return db.transaction(async (tx) => {
      const contract = await findContract(tx, user, id, { lock: true });
      const targets = await contractEvents(tx, contract, body.event_ids);
      if (body.field_id !== undefined) await fieldsOfContract(tx, user, contract, [body.field_id]);
      const moved = targets.map((t) => ({
        ID: t.ID,
        field_id: body.field_id ?? t.field_id,
        start_date: body.start_date ?? t.start_date,
        end_date: body.end_date ?? t.end_date,
        keep: body.keep_ids.includes(t.ID) || t.keep,
      }));
      for (const m of moved) checkTimes(m.start_date, m.end_date);
      const price = body.price === undefined ? undefined : body.price === null ? null : toCents(body.price);
      const changes = targets.filter((t, i) =>
        moved[i].field_id !== t.field_id || moved[i].start_date !== t.start_date || moved[i].end_date !== t.end_date
        || (price !== undefined && price !== t.contract_variant_price));
      // Nothing to change means no action (spec 2 §5).
      if (!changes.length) return { modified: 0, ...totalsOf(await pricedEvents(tx, contract)) };
      return changeContractEvents(tx, user, contract, 'edit_events', async () => {
        const slotMoves = moved.filter((m, i) => m.field_id !== targets[i].field_id || m.start_date !== targets[i].start_date || m.end_date !== targets[i].end_date);
        if (slotMoves.length) {
          await refuseClosedSlots(tx, slotMoves);
          await guardSlots(tx, contract.facility_id, slotMoves, targets.map((t) => t.ID));
        }
        const set = {
          ...(body.field_id !== undefined && { field_id: body.field_id }),
          ...(body.start_date !== undefined && { start_date: body.start_date }),
          ...(body.end_date !== undefined && { end_date: body.end_date }),
          ...(price !== undefined && { contract_variant_price: price }),
        };
        const changedIds = changes.map((c) => c.ID);
        if (Object.keys(set).length) {
          const rows = await tx.update(events).set(set).where(inArray(events.ID, changedIds)).returning();
          await recordEventChanges(tx, user, rows, 'update', { changes: Object.keys(set) });
        }
        const kept = slotMoves.filter((m) => m.keep && !targets.find((t) => t.ID === m.ID)!.keep).map((m) => m.ID);
        if (kept.length) await tx.update(events).set({ keep: true }).where(inArray(events.ID, kept));
        return changedIds.length;
      });
    });
  });

  serve(app, deleteContractEvents, async ({ user, params: { id }, body }) => db.transaction(async (tx) => {
    const contract = await findContract(tx, user, id, { lock: true });
    await assertNoPayments(tx, contract);
    const targets = 'all' in body
      ? await tx.select().from(events).where(eq(events.contract_id, contract.ID)).orderBy(events.ID).for('update')
      : await contractEvents(tx, contract, body.event_ids);
    return changeContractEvents(tx, user, contract, 'delete_event', async () => {
      await dropEventLines(tx, targets.map((t) => t.ID));
      if (targets.length) await deleteEvents(tx, user, targets);
      return targets.length;
    });
  }));
}
