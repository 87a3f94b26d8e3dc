import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { attendees, payments, portalHolds, portalOrders, portalPayments, squareSimPayments, teams } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { CHARGE_LEASE_SECONDS } from '../../server/domain/portal/pendingCharge';
import { createTestContext, type TestContext } from './harness';
import { createClass } from './support/classes';
import { crashAfterSquare, settleNow } from './support/pendingCharge';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { onlineDivision } from './support/portalTeams';

// A card charge whose request died between Square's charge and its record (issue 44 item 8): the team
// order, the hold checkout and the invoice payment each leave a pending claim; the durable job, once the
// claim's lease has run out, finds Square's charge by the claim's reference and records it (or releases
// the claim when Square took nothing), once even when two instances run it; a retry with the key then
// answers the recorded result, and the family gets the receipt the request would have mailed, once. The
// crash: Square charges (or not), and the request never comes back. On both databases.

let ctx: TestContext;
let admin: string;
let family: PortalFamily;
const VISA = simulatorToken('4111 1111 1111 1111');
let serial = 0;
const key = () => `recovery-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

/** The payments recorded on an invoice. */
const paymentsOn = (invoiceId: number) => ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId));
/** The receipts mailed to the family for an invoice. */
const receiptsFor = (invoiceId: number) => ctx.outbox.filter((m) => m.to === family.email && m.subject.startsWith(`Receipt: invoice ${invoiceId} `));

describe('a team order charged and not recorded', () => {
  /** A team registration whose request dies at Square (after its charge when `charges`): its pending order. */
  async function crashedOrder(name: string, charges: boolean) {
    const league = (await onlineDivision(ctx, admin)).ID;
    const body = { league_id: league, name, idempotency_key: key(), source_id: VISA };
    const crash = crashAfterSquare(ctx, charges);
    const dead = portal(ctx, family.token, 'POST', '/teams', body);
    await crash.asked;
    const [order] = await ctx.database.db.select().from(portalOrders).where(and(eq(portalOrders.customer_id, family.holderId), eq(portalOrders.idempotency_key, body.idempotency_key)));
    expect(order.status).toBe('pending');
    const settle = (settled: () => Promise<boolean>) =>
      settleNow(ctx, { flow: 'order', id: order.ID }, (since) => ctx.database.db.update(portalOrders).set({ CreatedAt: since }).where(eq(portalOrders.ID, order.ID)), settled);
    return { body, crash, dead, order, settle };
  }

  it('is recorded by the job after its lease, once; the retry with the key answers the same result', async () => {
    const { body, crash, dead, order, settle } = await crashedOrder(`Crash FC ${serial}`, true);
    await settle(async () => (await ctx.database.db.select().from(portalOrders).where(eq(portalOrders.ID, order.ID)))[0].status === 'done');
    // Square's one charge, recorded once on the team's invoice.
    expect(await paymentsOn(order.invoice_id!)).toBe(1);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, order.invoice_id!));
    expect(payment).toMatchObject({ amount: order.amount, type: 'card' });
    expect(await ctx.database.db.$count(squareSimPayments, eq(squareSimPayments.square_id, payment.square_id!))).toBe(1);
    // Its receipt, mailed by the job (run by two instances) once.
    const [receipt] = receiptsFor(order.invoice_id!);
    expect(receiptsFor(order.invoice_id!)).toHaveLength(1);
    expect(receipt.text).toContain(`Payment reference: ${payment.square_id}`);

    const retry = await portal(ctx, family.token, 'POST', '/teams', body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ invoice_id: order.invoice_id, team: { name: body.name }, payment: { payment_id: payment.ID, square_id: payment.square_id } });
    // The dead request failing at last undoes nothing.
    crash.end();
    expect((await dead).statusCode).toBe(503);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(1);
    expect(await paymentsOn(order.invoice_id!)).toBe(1);
    expect((await portal(ctx, family.token, 'POST', '/teams', body)).json()).toEqual(retry.json());
    expect(receiptsFor(order.invoice_id!)).toHaveLength(1);
  });

  it('is released by the job when Square took nothing: the team is gone, and the retry registers it afresh', async () => {
    const { body, crash, dead, order, settle } = await crashedOrder(`Never Charged ${serial}`, false);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(1);
    await settle(async () => (await ctx.database.db.$count(portalOrders, eq(portalOrders.ID, order.ID))) === 0);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(0);
    crash.end();
    expect((await dead).statusCode).toBe(503);
    const retry = await portal(ctx, family.token, 'POST', '/teams', body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(1);
    expect(await paymentsOn(retry.json().invoice_id)).toBe(1);
  });
});

describe('a hold checkout charged and not recorded', () => {
  it('is registered by the job after its lease, once; the retry with the key answers the same result', async () => {
    const cls = await createClass(ctx, admin, { name: `Recovery Skills ${++serial}`, new_product_id: PRODUCT.CAMP, max_kids: 3 });
    const hold = await portal(ctx, family.token, 'POST', '/holds', { offering: { type: 'class', id: cls.ID }, participant_ids: [family.childId] });
    expect(hold.statusCode, hold.body).toBe(201);
    const id = hold.json().ID as number;
    const body = { idempotency_key: key(), source_id: VISA };
    const crash = crashAfterSquare(ctx, true);
    const dead = portal(ctx, family.token, 'POST', `/holds/${id}/checkout`, body);
    await crash.asked;
    await settleNow(ctx, { flow: 'hold', id }, (since) => ctx.database.db.update(portalHolds).set({ paying_since: since }).where(eq(portalHolds.ID, id)),
      async () => (await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, id)))[0].status === 'done');
    const registered = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(registered.map((a) => [a.customer_id, a.source])).toEqual([[family.childId, 'online']]);
    expect(await paymentsOn(registered[0].invoice_id!)).toBe(1);
    expect(receiptsFor(registered[0].invoice_id!)).toHaveLength(1);

    const retry = await portal(ctx, family.token, 'POST', `/holds/${id}/checkout`, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ hold_id: id, invoice_id: registered[0].invoice_id, registrations: [{ ID: registered[0].ID, customer_id: family.childId }] });
    crash.end();
    expect((await dead).statusCode).toBe(503);
    expect(await ctx.database.db.$count(attendees, eq(attendees.class_id, cls.ID))).toBe(1);
    expect((await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, id)))[0].status).toBe('done');
    expect(receiptsFor(registered[0].invoice_id!)).toHaveLength(1);
  });
});

describe('an invoice payment charged and not recorded', () => {
  it('is recorded by the job after its lease, once; the retry with the key answers the same result', async () => {
    const made = await ctx.api(admin, 'POST', '/invoice', { facility_id: 1, customer_id: family.holderId, invoice_items: [{ price: 50, amount_taxes: 0, amount_fees: 0 }] });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const invoice_id = made.json().ID as number;
    const body = { idempotency_key: key(), source_id: VISA, amount: 20 };
    const crash = crashAfterSquare(ctx, true);
    const dead = portal(ctx, family.token, 'POST', `/invoices/${invoice_id}/pay`, body);
    await crash.asked;
    const [claim] = await ctx.database.db.select().from(portalPayments).where(eq(portalPayments.invoice_id, invoice_id));
    // The claim past its lease still holds the balance: 30 is all that may be paid meanwhile.
    await ctx.database.db.update(portalPayments).set({ CreatedAt: nowSeconds() - CHARGE_LEASE_SECONDS - 60 }).where(eq(portalPayments.ID, claim.ID));
    expect((await portal(ctx, family.token, 'POST', `/invoices/${invoice_id}/pay`, { idempotency_key: key(), source_id: VISA, amount: 30.01 })).statusCode).toBe(400);
    await settleNow(ctx, { flow: 'payment', id: claim.ID }, (since) => ctx.database.db.update(portalPayments).set({ CreatedAt: since }).where(eq(portalPayments.ID, claim.ID)),
      async () => (await ctx.database.db.select().from(portalPayments).where(eq(portalPayments.ID, claim.ID)))[0].status === 'done');
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, invoice_id));
    expect(rows.map((p) => [p.amount, p.type])).toEqual([[2000, 'card']]);
    expect(receiptsFor(invoice_id).map((m) => m.text)).toEqual([expect.stringContaining('We received your card payment of $20.00')]);

    const retry = await portal(ctx, family.token, 'POST', `/invoices/${invoice_id}/pay`, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'SUCCESS', payment_id: rows[0].ID, amount: 20, balance: 30 });
    crash.end();
    expect((await dead).statusCode).toBe(503);
    expect((await ctx.database.db.select().from(portalPayments).where(eq(portalPayments.ID, claim.ID)))[0].status).toBe('done');
    expect(await paymentsOn(invoice_id)).toBe(1);
    expect(receiptsFor(invoice_id)).toHaveLength(1);
  });
});
