import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  contractHistory, createContract as createContractEndpoint, deleteContract, getContract, logContractChange, setContractFee, updateContract,
  type ContractBody,
} from '../../../core/api/contracts';
import { INVOICE_TYPE } from '../../../core/constants';
import { toCents, toDollars } from '../../../core/money';
import { CONTRACT_MESSAGES } from '../../../core/validation/contract';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { contractLogs, contracts, events, facilities, invoices, pickupSessions, productTypes } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { idempotentCreate } from '../../http/idempotency';
import { badRequest, conflict } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { reachableCustomer } from '../../domain/customers/summary';
import { createInvoice, hasMoney } from '../../domain/invoices/write';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { contractWire, findContract } from '../../domain/contracts/access';
import { assertNoPayments, changeContractEvents } from '../../domain/contracts/events';
import { readContractDetail } from './detail';
import { dropEventLines } from '../../domain/contracts/invoice';
import { deleteEvents } from '../../domain/events/booking';

// One contract (spec 2 §7 Contracts): GET /contract/{id} (the detail page in one call: header, events,
// summary, invoice, price check), POST /contract (with its invoice), PUT /contract/{id} (name, comment,
// product type — its events follow), PUT /contract/fee/{id}?fee (events at the main fee are repriced),
// DELETE /contract/{id} (never once paid), GET /contract/changelog/{id} and POST /contract/changelog.

async function createContract(tx: Tx, user: SessionUser, input: ContractBody) {
  const facility_id = facilityScope(user, input.facility_id) ?? input.facility_id;
  const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facility_id));
  if (!facility) throw badRequest('facility_id: there is no such facility');
  const [type] = await tx.select({ ID: productTypes.ID }).from(productTypes).where(eq(productTypes.ID, input.product_type_id));
  if (!type) throw badRequest('product_type_id: there is no such product type');
  if (input.customer_id) await reachableCustomer(tx, user, input.customer_id).catch(() => { throw badRequest('customer_id: there is no such customer'); });
  const [row] = await tx.insert(contracts).values({
    ...input, facility_id, customer_id: input.customer_id ?? null, product_id: input.product_id ?? null,
    fee: toCents(input.fee), deposit: toCents(input.deposit),
  }).returning();
  const invoice = await createInvoice(tx, user, {
    facility_id, customer_id: row.customer_id ?? 0, product_type_id: row.product_type_id, contract_id: row.ID,
    invoice_type_id: INVOICE_TYPE.GENERAL, comment: row.name, invoice_items: [],
  });
  await recordInvoiceChange(tx, user, invoice, 'create');
  await recordChange(tx, { object: 'contract', object_id: row.ID, action: 'create', user_id: user.ID, new_value: contractWire(row) });
  return row;
}

export async function contractRecordRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, getContract, async ({ user, params: { id } }) => readContractDetail(db, user, id));

  serve(app, createContractEndpoint, async ({ user, body, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'contract', body, async (tx) => contractWire(await createContract(tx, user, body)));
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, updateContract, async ({ user, params: { id }, body: { ID: _id, ...changes } }) => db.transaction(async (tx) => {
    const contract = await findContract(tx, user, id, { lock: true });
    if (changes.product_type_id !== undefined && changes.product_type_id !== contract.product_type_id) {
      const [type] = await tx.select({ ID: productTypes.ID }).from(productTypes).where(eq(productTypes.ID, changes.product_type_id));
      if (!type) throw badRequest('product_type_id: there is no such product type');
      const productTypeId = changes.product_type_id;
      await changeContractEvents(tx, user, contract, 'update_product_type', async () => {
        await tx.update(contracts).set({ product_type_id: productTypeId }).where(eq(contracts.ID, id));
        await tx.update(invoices).set({ product_type_id: productTypeId }).where(eq(invoices.contract_id, id));
        const moved = await tx.update(events).set({ product_type_id: productTypeId }).where(eq(events.contract_id, id)).returning({ ID: events.ID });
        return Math.max(moved.length, 1);
      });
    }
    const { product_type_id: _t, ...header } = changes;
    const [row] = Object.keys(header).length
      ? await tx.update(contracts).set(header).where(eq(contracts.ID, id)).returning()
      : await tx.select().from(contracts).where(eq(contracts.ID, id));
    await recordChange(tx, { object: 'contract', object_id: id, action: 'update', user_id: user.ID, new_value: contractWire(row) });
    return contractWire(row);
  }));

  serve(app, setContractFee, async ({ user, params: { id }, query: { fee } }) => db.transaction(async (tx) => {
    const contract = await findContract(tx, user, id, { lock: true });
    const cents = toCents(fee);
    const result = await changeContractEvents(tx, user, contract, 'update_base_fee', async () => {
      await tx.update(contracts).set({ fee: cents }).where(eq(contracts.ID, id));
      if (cents === contract.fee) return 0;
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(events).where(and(eq(events.contract_id, id), isNull(events.contract_variant_price)));
      // The fee change is logged even when no event is at the main fee yet.
      return Math.max(row.n, 1);
    });
    return { fee, events_repriced: result.modified, total: toDollars(result.total) };
  }));

  serve(app, deleteContract, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    const contract = await findContract(tx, user, id, { lock: true });
    await assertNoPayments(tx, contract);
    const bills = await tx.select().from(invoices).where(eq(invoices.contract_id, id)).for('update');
    for (const bill of bills) if (await hasMoney(tx, bill.ID)) throw conflict(CONTRACT_MESSAGES.hasPayments);
    const targets = await tx.select().from(events).where(eq(events.contract_id, id)).orderBy(events.ID).for('update');
    await dropEventLines(tx, targets.map((t) => t.ID));
    if (targets.length) await deleteEvents(tx, user, targets);
    for (const bill of bills) await recordInvoiceChange(tx, user, bill, 'delete');
    if (bills.length) await tx.delete(invoices).where(inArray(invoices.ID, bills.map((b) => b.ID)));
    await tx.delete(pickupSessions).where(eq(pickupSessions.contract_id, id));
    await tx.delete(contracts).where(eq(contracts.ID, id));
    await recordChange(tx, { object: 'contract', object_id: id, action: 'delete', user_id: user.ID, new_value: contractWire(contract) });
    return contractWire(contract);
  }));

  serve(app, contractHistory, async ({ user, params: { id } }) => {
    await findContract(db, user, id);
    const rows = await db.select().from(contractLogs).where(eq(contractLogs.contract_id, id)).orderBy(desc(contractLogs.created_at), desc(contractLogs.ID));
    return historyRows(rows);
  });

  serve(app, logContractChange, async ({ user, body }) => {
    const row = await db.transaction(async (tx) => {
      const contract = await findContract(tx, user, body.contract_id, { lock: true });
      const [saved] = await tx.insert(contractLogs).values({ ...body, total_price_variation: toCents(body.total_price_variation), user_id: user.ID }).returning();
      await recordChange(tx, { object: 'contract', object_id: contract.ID, action: body.action, user_id: user.ID, new_value: contractWire(contract) });
      return saved;
    });
    return { ...row, total_price_variation: toDollars(row.total_price_variation) };
  });
}

const DOCUMENT_ACTIONS = new Set(['generate_doc', 'send_doc', 'void_doc', 'sign_doc']);

/** History rows, newest first, money in dollars; the document's actions merge into one row (spec 2 §2). */
export function historyRows(rows: Array<typeof contractLogs.$inferSelect>) {
  const wire = ({ contract_id: _c, user_id: _u, ...r }: typeof contractLogs.$inferSelect) => ({ ...r, total_price_variation: toDollars(r.total_price_variation) });
  const docs = rows.filter((r) => DOCUMENT_ACTIONS.has(r.action));
  const others = rows.filter((r) => !DOCUMENT_ACTIONS.has(r.action)).map((r) => ({ ...wire(r), actions: [r.action] }));
  if (!docs.length) return others;
  const merged = { ...wire(docs[0]), action: 'document', actions: [...docs].reverse().map((d) => d.action) };
  return [...others, merged].sort((a, b) => b.created_at - a.created_at || b.ID - a.ID);
}

