import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../core/api/portal';
import { FACILITY } from '../../core/constants';
import { integrations, payments, portalHolds, portalOrders, portalPayments, teams } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { HttpError } from '../../server/http/errors';
import { SQUARE_UNREACHABLE, type Square } from '../../server/services/square';
import { createTestContext, type TestContext } from './harness';
import { createClass } from './support/classes';
import { startFakeSquare, type FakeSquare } from './support/fakeSquare';
import { settleNow } from './support/pendingCharge';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { onlineDivision } from './support/portalTeams';

// A card charge whose outcome Square left unknown (issue 44 item 3), on both databases, the app on the
// real Square adapter against the local Square (tests/api/support/fakeSquare.ts): a 5xx that lasts, or
// an answer lost after Square charged. The claim is kept — the invoice's balance, the hold's seats, the
// team — and the family answered 503 with the declared message; the recovery job then asks Square and
// records the charge (with the receipt, once) or releases the claim. Only a definite refusal (a declined
// card) releases it at once.

let fake: FakeSquare;
let ctx: TestContext;
let admin: string;
let family: PortalFamily;
const CARD = 'cnon:card-nonce-ok';
const DECLINED = 'cnon:card-nonce-declined';
const PAYMENTS = /^\/v2\/payments$/;
let serial = 0;
const key = () => `unknown-${++serial}-${Date.now()}`;

beforeAll(async () => {
  fake = await startFakeSquare();
  ctx = await createTestContext({ env: { SQUARE_ENV: 'sandbox', SQUARE_API_URL: fake.url } });
  await ctx.database.db.insert(integrations).values({
    name: 'Square', type: 'square', facility_id: FACILITY.ALL_INTEGRATIONS,
    data: JSON.stringify({ access_token: fake.token, location_id: fake.locationId, environment: 'sandbox' }),
  });
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** Square charges, then its answer never arrives (the adapter's error for no answer): until `restore()`. */
function answerLost() {
  const square: Square = ctx.app.deps.square;
  const createPayment = square.createPayment.bind(square);
  square.createPayment = async (facility, payment) => {
    await createPayment(facility, payment);
    throw new HttpError(502, SQUARE_UNREACHABLE);
  };
  return () => { square.createPayment = createPayment; };
}

const receiptsFor = (invoiceId: number) => ctx.outbox.filter((m) => m.to === family.email && m.subject.startsWith(`Receipt: invoice ${invoiceId} `));
const invoiceOf = async (dollars: number) => {
  const made = await ctx.api(admin, 'POST', '/invoice', { facility_id: 1, customer_id: family.holderId, invoice_items: [{ price: dollars, amount_taxes: 0, amount_fees: 0 }] });
  expect(made.statusCode, made.body).toBeLessThan(300);
  return made.json().ID as number;
};

describe('an invoice payment Square did not answer', () => {
  it('keeps its claim (and the balance it holds), answers 503; the job finds no charge and releases it; the retry pays', async () => {
    const invoiceId = await invoiceOf(40);
    const body = { idempotency_key: key(), source_id: CARD, amount: 25 };
    fake.failNext('unavailable', { times: 3, path: PAYMENTS });
    const res = await portal(ctx, family.token, 'POST', `/invoices/${invoiceId}/pay`, body);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(PORTAL_MESSAGES.unconfirmed);
    const [claim] = await ctx.database.db.select().from(portalPayments).where(eq(portalPayments.invoice_id, invoiceId));
    expect(claim).toMatchObject({ status: 'pending', amount: 2500 });
    // The claim holds its $25: $15 is all another payment may take meanwhile.
    expect((await portal(ctx, family.token, 'POST', `/invoices/${invoiceId}/pay`, { idempotency_key: key(), source_id: CARD, amount: 15.01 })).statusCode).toBe(400);

    await settleNow(ctx, { flow: 'payment', id: claim.ID }, (since) => ctx.database.db.update(portalPayments).set({ CreatedAt: since }).where(eq(portalPayments.ID, claim.ID)),
      async () => (await ctx.database.db.$count(portalPayments, eq(portalPayments.ID, claim.ID))) === 0);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(0);
    const retry = await portal(ctx, family.token, 'POST', `/invoices/${invoiceId}/pay`, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'SUCCESS', amount: 25, balance: 15 });
    expect(receiptsFor(invoiceId)).toHaveLength(1);
  });

  it('a declined card is Square\'s refusal: the claim goes at once (402), nothing is held', async () => {
    const invoiceId = await invoiceOf(30);
    const res = await portal(ctx, family.token, 'POST', `/invoices/${invoiceId}/pay`, { idempotency_key: key(), source_id: DECLINED, amount: 30 });
    expect(res.statusCode).toBe(402);
    expect(await ctx.database.db.$count(portalPayments, eq(portalPayments.invoice_id, invoiceId))).toBe(0);
    expect((await portal(ctx, family.token, 'POST', `/invoices/${invoiceId}/pay`, { idempotency_key: key(), source_id: CARD, amount: 30 })).statusCode).toBe(200);
  });
});

describe('a hold checkout whose answer was lost after Square charged', () => {
  it('stays paying with its seat (503); the job records the charge once, with one receipt; the retry answers it', async () => {
    const cls = await createClass(ctx, admin, { name: `Unknown Skills ${++serial}`, new_product_id: PRODUCT.CAMP, max_kids: 1 });
    const made = await portal(ctx, family.token, 'POST', '/holds', { offering: { type: 'class', id: cls.ID }, participant_ids: [family.childId] });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().ID as number;
    const body = { idempotency_key: key(), source_id: CARD };
    const restore = answerLost();
    let res;
    try {
      res = await portal(ctx, family.token, 'POST', `/holds/${id}/checkout`, body);
    } finally {
      restore();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(PORTAL_MESSAGES.unconfirmed);
    expect((await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, id)))[0].status).toBe('paying');
    // Its one seat is still taken: another family finds the class full.
    const other = await signedInFamily(ctx, admin);
    expect((await portal(ctx, other.token, 'POST', '/holds', { offering: { type: 'class', id: cls.ID }, participant_ids: [other.childId] })).statusCode).toBe(409);

    await settleNow(ctx, { flow: 'hold', id }, (since) => ctx.database.db.update(portalHolds).set({ paying_since: since }).where(eq(portalHolds.ID, id)),
      async () => (await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, id)))[0].status === 'done');
    const [hold] = await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, id));
    const recorded = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, hold.invoice_id!));
    expect(recorded).toHaveLength(1);
    expect(fake.payments.get(recorded[0].square_id!)).toMatchObject({ amount_money: { amount: recorded[0].amount } });
    expect(receiptsFor(hold.invoice_id!)).toHaveLength(1);
    const retry = await portal(ctx, family.token, 'POST', `/holds/${id}/checkout`, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ hold_id: id, invoice_id: hold.invoice_id, payment_id: recorded[0].ID });
    expect(receiptsFor(hold.invoice_id!)).toHaveLength(1);
  });
});

describe('a team registration Square did not answer', () => {
  it('keeps the team and its order (503); the job finds no charge and removes both; a declined card removes them at once', async () => {
    const league = (await onlineDivision(ctx, admin)).ID;
    const body = { league_id: league, name: `Unanswered FC ${++serial}`, payment: 'full', idempotency_key: key(), source_id: CARD };
    fake.failNext('unavailable', { times: 3, path: PAYMENTS });
    const res = await portal(ctx, family.token, 'POST', '/teams', body);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(PORTAL_MESSAGES.unconfirmed);
    const [order] = await ctx.database.db.select().from(portalOrders).where(and(eq(portalOrders.customer_id, family.holderId), eq(portalOrders.idempotency_key, body.idempotency_key)));
    expect(order.status).toBe('pending');
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(1);
    await settleNow(ctx, { flow: 'order', id: order.ID }, (since) => ctx.database.db.update(portalOrders).set({ CreatedAt: since }).where(eq(portalOrders.ID, order.ID)),
      async () => (await ctx.database.db.$count(portalOrders, eq(portalOrders.ID, order.ID))) === 0);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(0);

    const declined = await portal(ctx, family.token, 'POST', '/teams', { ...body, idempotency_key: key(), source_id: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(0);
  });
});
