import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACILITY } from '../../core/constants';
import { integrations, invoices, payments } from '../../server/db/schema';
import { httpSquare, SQUARE_KEY_LIMITS, SQUARE_VERSION, squareKey } from '../../server/services/square/http';
import { SQUARE_KEY_REUSED, SQUARE_NOT_SET_UP, SQUARE_REFUSED_TOKEN, SQUARE_UNREACHABLE, squareMissingScopes } from '../../server/services/square';
import { describeOnPostgres, createTestContext, type TestContext } from './harness';
import { startFakeSquare, type FakeSquare } from './support/fakeSquare';
import { deadlineJobs, reachDeadline } from './support/deadline';
import { invoiceOf } from './support/invoices';
import { reconciliationReport, squarePayments } from '../../server/routes/reports/reconciliation';
import type { ReportScope } from '../../server/routes/reports/filters';
import { statusCounts } from './support/races';

// The real Square adapter against a local Square that answers as Square's API reference documents
// (tests/api/support/fakeSquare.ts): its requests, its answers, its errors, its pages, its limits and
// its failures (issue 30); then the app itself with SQUARE_ENV=sandbox pointed at the fake, the token
// coming from the facility's square integration.

let fake: FakeSquare;
beforeAll(async () => { fake = await startFakeSquare(); });
afterAll(async () => { await fake?.close(); });

const account = (token: string) => async () => ({ accessToken: token, locationId: fake.locationId, environment: 'sandbox' as const });
const adapter = (token = fake.token, timeoutMs = 2000) => httpSquare({ mode: 'sandbox', baseUrl: fake.url, account: account(token), timeoutMs, retry: { baseMs: 2, maxMs: 10 } });
const callsTo = (path: string) => fake.calls.filter((c) => c.path.startsWith(path));
/** A request to the fake as-is (what Square answers a client that does not take care). */
const raw = (method: string, path: string, body: string) =>
  fetch(`${fake.url}${path}`, { method, body, headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' } });

describe('the Square adapter over HTTP', () => {
  it('lists paired Terminal devices with the token, the Square-Version header and the location', async () => {
    const devices = await adapter().listDevices(1);
    expect(devices).toEqual([{ id: 'DEVICE-FRONT', name: 'Front counter' }, { id: 'DEVICE-BAR', name: 'Bar' }]);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'GET', authorization: `Bearer ${fake.token}`, version: SQUARE_VERSION });
    expect(call.path).toContain(`location_id=${fake.locationId}`);
    expect(call.path).toContain('product_type=TERMINAL_API');
  });

  it('creates, reads and cancels a Terminal checkout; the same key answers the same checkout, another body 409', async () => {
    const square = adapter();
    const request = { idempotencyKey: 'chk-key-0001', amount: 1500, deviceId: 'DEVICE-FRONT', note: 'Invoice 7', referenceId: '7' };
    const created = await square.createCheckout(1, request);
    expect(created).toMatchObject({ status: 'PENDING', amount_money: { amount: 1500, currency: 'USD' }, device_options: { device_id: 'DEVICE-FRONT' } });
    expect(fake.calls.at(-1)!.body).toEqual({
      idempotency_key: squareKey('chk-key-0001'),
      checkout: { amount_money: { amount: 1500, currency: 'USD' }, device_options: { device_id: 'DEVICE-FRONT' }, note: 'Invoice 7', reference_id: '7' },
    });
    expect((await square.createCheckout(1, request)).id).toBe(created.id);
    expect(fake.checkouts.size).toBe(1);
    await expect(square.createCheckout(1, { ...request, amount: 1600 })).rejects.toMatchObject({ statusCode: 409, message: SQUARE_KEY_REUSED });
    expect((await square.getCheckout(1, created.id)).status).toBe('PENDING');
    expect((await square.cancelCheckout(1, created.id)).status).toBe('CANCELED');
    await expect(square.getCheckout(1, 'NOPE')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('maps Square errors: an unknown device 400 with its detail, a declined card 402, a refused token 409, an outage 502', async () => {
    const square = adapter();
    await expect(square.createCheckout(1, { idempotencyKey: 'chk-key-0002', amount: 1500, deviceId: 'GONE' })).rejects.toMatchObject({ statusCode: 400, message: 'Device not found.' });
    await expect(square.createPayment(1, { idempotencyKey: 'pay-key-0001', sourceId: 'cnon:card-nonce-declined', amount: 100 }))
      .rejects.toMatchObject({ statusCode: 402, message: "Authorization error: 'CARD_DECLINED'" });
    await expect(adapter('wrong-token').listDevices(1)).rejects.toMatchObject({ statusCode: 409, message: SQUARE_REFUSED_TOKEN });
    fake.failNext('unavailable', { times: 3 });
    await expect(square.listDevices(1)).rejects.toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
    const closed = httpSquare({ mode: 'sandbox', baseUrl: 'http://127.0.0.1:1', account: account(fake.token), retry: { baseMs: 1, maxMs: 1 } });
    await expect(closed.listDevices(1)).rejects.toMatchObject({ statusCode: 502 });
  });

  it('never puts the token in an error message: a refused token, an outage, no answer at all', async () => {
    const secret = 'secret-token-123';
    const refusals = async (square: ReturnType<typeof adapter>) => {
      const error: unknown = await square.listDevices(1).then(() => null, (e: unknown) => e);
      // The call must have failed: a success would prove nothing.
      expect(error).toBeInstanceOf(Error);
      expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(secret);
      return error;
    };
    expect(await refusals(adapter(secret))).toMatchObject({ statusCode: 409, message: SQUARE_REFUSED_TOKEN });
    fake.failNext('unavailable', { times: 3 });
    expect(await refusals(adapter())).toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
    const closed = httpSquare({ mode: 'sandbox', baseUrl: 'http://127.0.0.1:1', account: account(secret), retry: { baseMs: 1, maxMs: 1 } });
    expect(await refusals(closed)).toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
  });

  it('charges a card token, reads and lists the payment, refunds it once per key and never above the payment', async () => {
    const square = adapter();
    const payment = await square.createPayment(1, { idempotencyKey: 'pay-key-0002', sourceId: 'cnon:card-nonce-ok', amount: 2500, note: 'Invoice 9', buyerEmail: 'a@b.test' });
    expect(payment).toMatchObject({ status: 'COMPLETED', amount_money: { amount: 2500, currency: 'USD' } });
    expect(fake.calls.at(-1)!.body).toMatchObject({ source_id: 'cnon:card-nonce-ok', autocomplete: true, location_id: fake.locationId, buyer_email_address: 'a@b.test' });
    expect((await square.getPayment(1, payment.id)).id).toBe(payment.id);
    const listed = await square.listPayments(1, { begin: Math.floor(Date.now() / 1000) - 60, end: Math.floor(Date.now() / 1000) + 60 });
    expect(listed.payments.map((p) => p.id)).toContain(payment.id);
    expect(listed.cut).toBeUndefined();
    const refund = await square.refundPayment(1, { idempotencyKey: 'ref-key-0001', paymentId: payment.id, amount: 2000, reason: 'Rain' });
    expect(refund).toMatchObject({ status: 'PENDING', payment_id: payment.id, amount_money: { amount: 2000, currency: 'USD' } });
    expect((await square.refundPayment(1, { idempotencyKey: 'ref-key-0001', paymentId: payment.id, amount: 2000, reason: 'Rain' })).id).toBe(refund.id);
    await expect(square.refundPayment(1, { idempotencyKey: 'ref-key-0002', paymentId: payment.id, amount: 1000 })).rejects.toMatchObject({ statusCode: 400 });
    // PENDING until Square settles it; GetPaymentRefund reads the outcome.
    fake.settleRefund(refund.id, 'FAILED');
    expect(await square.getRefund(1, refund.id)).toMatchObject({ id: refund.id, status: 'FAILED' });
  });

  it('sends Square a key within its limits, derived from ours: a 200-character key charges once', async () => {
    const long = `k${'x'.repeat(199)}`;
    const square = adapter();
    const first = await square.createPayment(1, { idempotencyKey: long, sourceId: 'cnon:card-nonce-ok', amount: 1200 });
    const again = await square.createPayment(1, { idempotencyKey: long, sourceId: 'cnon:card-nonce-ok', amount: 1200 });
    expect(again.id).toBe(first.id);
    const sent = callsTo('/v2/payments').slice(-2).map((c) => c.body.idempotency_key as string);
    expect(sent[0]).toBe(sent[1]);
    expect(sent[0].length).toBeLessThanOrEqual(SQUARE_KEY_LIMITS.payments);
    // Another key of ours is another key at Square.
    expect(squareKey(`${long}y`)).not.toBe(sent[0]);
    // What Square does with the key as the product took it.
    const refused = await raw('POST', '/v2/payments', JSON.stringify({ idempotency_key: long, source_id: 'cnon:card-nonce-ok', amount_money: { amount: 100, currency: 'USD' } }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0]).toMatchObject({ code: 'VALUE_TOO_LONG', field: 'idempotency_key' });
  });

  it('the fake answers bad requests as Square does: required fields 400 MISSING_REQUIRED_PARAMETER, a body that is no JSON 400', async () => {
    const noAmount = await raw('POST', '/v2/refunds', JSON.stringify({ idempotency_key: 'r-1', payment_id: 'X' }));
    expect(noAmount.status).toBe(400);
    expect((await noAmount.json()).errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'MISSING_REQUIRED_PARAMETER', field: 'amount_money' });
    const noDevice = await raw('POST', '/v2/terminals/checkouts', JSON.stringify({ idempotency_key: 'c-1', checkout: { amount_money: { amount: 100, currency: 'USD' } } }));
    expect((await noDevice.json()).errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'checkout.device_options.device_id' });
    const notJson = await raw('POST', '/v2/payments', '{"idempotency_key": ');
    expect(notJson.status).toBe(400);
  });

  it('follows the pages of device codes: a terminal on page 3 is found; unpaired and other locations\' are not', async () => {
    const devices = fake.devices;
    fake.devices = [
      ...Array.from({ length: 4 }, (_, i) => ({ device_id: `DEV-${i}`, name: `Terminal ${i}` })),
      { device_id: 'DEV-UNPAIRED', name: 'Drawer', status: 'UNPAIRED' as const },
      { device_id: 'DEV-ELSEWHERE', name: 'Other shop', location_id: 'LOTHER' },
      { device_id: 'DEV-PAGE-3', name: 'Late terminal' },
    ];
    fake.pageSize = 2;
    try {
      const found = await adapter().listDevices(1);
      expect(found.map((d) => d.id)).toEqual(['DEV-0', 'DEV-1', 'DEV-2', 'DEV-3', 'DEV-PAGE-3']);
      expect(callsTo('/v2/devices/codes').slice(-3).map((c) => new URL(c.path, fake.url).searchParams.has('cursor'))).toEqual([false, true, true]);
    } finally {
      fake.devices = devices;
      fake.pageSize = 3;
    }
  });

  it('reads every page of the payment list, oldest first, end_time exclusive', async () => {
    const begin = Date.parse('2026-03-02T00:00:00Z');
    const taken = Array.from({ length: 13 }, (_, i) => fake.addPayment({ amount: 100 + i, created_at: new Date(begin + i * 60_000).toISOString() }).id);
    fake.addPayment({ amount: 999, created_at: new Date(begin + 13 * 60_000).toISOString() });
    fake.addPayment({ amount: 998, created_at: new Date(begin + 60_000).toISOString(), location_id: 'LOTHER' });
    const before = callsTo('/v2/payments?').length;
    const list = await adapter().listPayments(1, { begin: begin / 1000, end: begin / 1000 + 13 * 60 });
    expect(list.payments.map((p) => p.id)).toEqual(taken);
    expect(callsTo('/v2/payments?').length - before).toBe(5);
  });

  it('says where a payment list too long to read was cut: the last payment read, and the report warns', async () => {
    const begin = Date.parse('2026-03-09T00:00:00Z');
    const taken = Array.from({ length: 8 }, (_, i) => fake.addPayment({ amount: 200 + i, created_at: new Date(begin + i * 60_000).toISOString() }));
    const short = httpSquare({ mode: 'sandbox', baseUrl: fake.url, account: account(fake.token), retry: { baseMs: 2, maxMs: 10 }, maxPaymentPages: 2 });
    const list = await short.listPayments(1, { begin: begin / 1000, end: begin / 1000 + 3600 });
    expect(list.payments.map((p) => p.id)).toEqual(taken.slice(0, 6).map((p) => p.id));
    expect(list.cut).toEqual({ after: taken[5].created_at as string });
    // Read to its end, the same window is not cut.
    expect((await adapter().listPayments(1, { begin: begin / 1000, end: begin / 1000 + 3600 })).cut).toBeUndefined();
  });

  it('sends 429, 503 and a gateway\'s page again with the same key, and gives up after the bound with 502', async () => {
    const square = adapter();
    fake.failNext('rate_limit');
    fake.failNext('gateway');
    const before = callsTo('/v2/payments').length;
    const payment = await square.createPayment(1, { idempotencyKey: 'retry-key-0001', sourceId: 'cnon:card-nonce-ok', amount: 800 });
    const tries = callsTo('/v2/payments').slice(before);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((c) => c.body.idempotency_key)).size).toBe(1);
    expect([...fake.payments.values()].filter((p) => p.id === payment.id)).toHaveLength(1);
    fake.failNext('unavailable');
    expect((await square.getPayment(1, payment.id)).id).toBe(payment.id);
    // Three tries in all, then Square's outage is said as such.
    fake.failNext('rate_limit', { times: 3 });
    await expect(square.getPayment(1, payment.id)).rejects.toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
  });

  it('TEMPORARY_ERROR is sent again, and if it lasts answers 502, never a card decline', async () => {
    const square = adapter();
    fake.failNext('temporary');
    expect((await square.createPayment(1, { idempotencyKey: 'temp-key-0001', sourceId: 'cnon:card-nonce-ok', amount: 500 })).status).toBe('COMPLETED');
    fake.failNext('temporary', { times: 3 });
    await expect(square.createPayment(1, { idempotencyKey: 'temp-key-0002', sourceId: 'cnon:card-nonce-ok', amount: 500 }))
      .rejects.toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
  });

  it('INSUFFICIENT_SCOPES says which permission the token lacks', async () => {
    fake.failNext('scopes');
    await expect(adapter().listDevices(1)).rejects.toMatchObject({ statusCode: 409, message: squareMissingScopes('DEVICE_CREDENTIAL_MANAGEMENT') });
    fake.failNext('scopes');
    await expect(adapter().createPayment(1, { idempotencyKey: 'scope-key-01', sourceId: 'cnon:card-nonce-ok', amount: 500 }))
      .rejects.toMatchObject({ statusCode: 409, message: squareMissingScopes('PAYMENTS_WRITE') });
  });

  it('an answer slower than the timeout is asked again with the same key: one payment', async () => {
    fake.slowMs = 400;
    fake.failNext('slow');
    const count = fake.payments.size;
    const payment = await adapter(fake.token, 150).createPayment(1, { idempotencyKey: 'slow-key-0001', sourceId: 'cnon:card-nonce-ok', amount: 700 });
    expect(payment.status).toBe('COMPLETED');
    expect(fake.payments.size).toBe(count + 1);
  });

  it('a success answer that fails the checks after money moved comes back flagged for review, not as unreachable', async () => {
    fake.failNext('malformed');
    const payment = await adapter().createPayment(1, { idempotencyKey: 'odd-key-0001', sourceId: 'cnon:card-nonce-ok', amount: 900 });
    expect(payment).toMatchObject({ status: 'COMPLETED', amount_money: { amount: 900 }, review: expect.stringContaining('amount_money.amount') });
    expect(fake.payments.has(payment.id)).toBe(true);
    // Where nothing moved, the same answer is Square's fault: 502.
    fake.failNext('malformed');
    await expect(adapter().getPayment(1, payment.id)).rejects.toMatchObject({ statusCode: 502 });
  });

  it('checkout states as Square has them: IN_PROGRESS, a cancel then is CANCEL_REQUESTED, cancelling twice is harmless, PENDING times out at 5 minutes', async () => {
    const square = adapter();
    const paying = await square.createCheckout(1, { idempotencyKey: 'state-key-0001', amount: 1000, deviceId: 'DEVICE-FRONT' });
    fake.present(paying.id);
    expect((await square.getCheckout(1, paying.id)).status).toBe('IN_PROGRESS');
    expect((await square.cancelCheckout(1, paying.id)).status).toBe('CANCEL_REQUESTED');
    expect((await square.cancelCheckout(1, paying.id)).status).toBe('CANCEL_REQUESTED');
    fake.cancelAtDevice(paying.id);
    expect((await square.cancelCheckout(1, paying.id)).status).toBe('CANCELED');
    const waiting = await square.createCheckout(1, { idempotencyKey: 'state-key-0002', amount: 1000, deviceId: 'DEVICE-BAR' });
    fake.advance(301);
    expect(await square.getCheckout(1, waiting.id)).toMatchObject({ status: 'CANCELED', cancel_reason: 'TIMED_OUT' });
    const done = await square.createCheckout(1, { idempotencyKey: 'state-key-0003', amount: 1000, deviceId: 'DEVICE-BAR' });
    fake.complete(done.id);
    await expect(square.cancelCheckout(1, done.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the app on real Square (the fake), with the facility integration\'s token', () => {
  let ctx: TestContext;
  let manager: string;
  let admin: string;
  beforeAll(async () => {
    // The jobs worker stopped: the deadline test runs the due jobs itself.
    ctx = await createTestContext({ env: { SQUARE_ENV: 'sandbox', SQUARE_API_URL: fake.url }, build: { jobs: false } });
    manager = await ctx.login('manager@touchline.test');
    admin = await ctx.login('admin@touchline.test');
  });
  afterAll(async () => { await ctx?.close(); });

  const charge = (key: string, invoiceId: number, cents: number) => ctx.as(manager, { method: 'POST', url: '/api/charge/event', payload: {
    idempotency_key: key, amount_money: { amount: cents, currency: 'USD' }, source_id: 'cnon:card-nonce-ok', invoice_id: invoiceId,
  } });
  const invoice = async (id: number) => (await ctx.as(manager, { method: 'GET', url: `/api/invoice/${id}` })).json();

  it('without a square integration the terminal answers that Square is not set up', async () => {
    const res = await ctx.as(manager, { method: 'GET', url: '/api/square/terminal/getdevices' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SQUARE_NOT_SET_UP);
  });

  it('takes a terminal payment recorded once with Square\'s payment id', async () => {
    await ctx.database.db.insert(integrations).values({
      name: 'Square', type: 'square', facility_id: FACILITY.ALL_INTEGRATIONS,
      data: JSON.stringify({ access_token: fake.token, location_id: fake.locationId, environment: 'sandbox' }),
    });
    expect((await ctx.as(manager, { method: 'GET', url: '/api/square/terminal/getdevices' })).json()).toHaveLength(2);
    const invoiceId = await invoiceOf(ctx, manager, 30);
    const init = await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
      idempotency_key: 'app-checkout-0001', checkout: { amount_money: { amount: 3000, currency: 'USD' }, device_options: { device_id: 'DEVICE-BAR' }, reference_id: String(invoiceId) },
    } });
    expect(init.statusCode, init.body).toBe(200);
    const confirm = () => ctx.as(manager, { method: 'GET', url: `/api/square/terminal/confirm?id=${init.json().id}` });
    expect((await confirm()).json()).toEqual({ status: 'PENDING' });
    fake.complete(init.json().id);
    const done = (await confirm()).json();
    expect(done).toMatchObject({ status: 'SUCCESS', balance: 0 });
    await confirm();
    const view = await invoice(invoiceId);
    expect(view.payments).toEqual([expect.objectContaining({ type: 'terminal', amount: 30, square_id: fake.checkouts.get(init.json().id)!.payment_ids[0] })]);
    const config = (await ctx.as(manager, { method: 'GET', url: '/api/square/config' })).json();
    expect(config.mode).toBe('sandbox');
    expect(JSON.stringify(config)).not.toContain(fake.token);
  });

  it('a 200-character key charges once, with a key Square takes', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    const key = `long-${'k'.repeat(195)}`;
    const answers = [await charge(key, invoiceId, 2000), await charge(key, invoiceId, 2000)];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1].json().payment_id).toBe(answers[0].json().payment_id);
    expect((await invoice(invoiceId)).payments).toHaveLength(1);
    expect(callsTo('/v2/payments').at(-1)!.body.idempotency_key.length).toBeLessThanOrEqual(SQUARE_KEY_LIMITS.payments);
  });

  it('a 429 then 200 records one payment', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    fake.failNext('rate_limit', { path: /^\/v2\/payments$/ });
    const res = await charge('rate-limited-0001', invoiceId, 1500);
    expect(res.statusCode, res.body).toBe(200);
    expect((await invoice(invoiceId)).payments).toEqual([expect.objectContaining({ amount: 15, square_id: res.json().id })]);
  });

  it('TEMPORARY_ERROR is sent again, not shown as a decline; if it lasts, nothing is recorded', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    fake.failNext('temporary', { times: 3, path: /^\/v2\/payments$/ });
    const lasting = await charge('temporary-0001', invoiceId, 1000);
    expect(lasting.statusCode).toBe(502);
    expect(lasting.json().message).toBe(SQUARE_UNREACHABLE);
    expect((await invoice(invoiceId)).payments).toHaveLength(0);
    fake.failNext('temporary', { path: /^\/v2\/payments$/ });
    expect((await charge('temporary-0002', invoiceId, 1000)).statusCode).toBe(200);
  });

  it('a success answer that fails the checks is recorded and flagged for review', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    fake.failNext('malformed', { path: /^\/v2\/payments$/ });
    const res = await charge('malformed-0001', invoiceId, 900);
    expect(res.statusCode, res.body).toBe(200);
    const [recorded] = (await invoice(invoiceId)).payments;
    expect(JSON.parse(recorded.details).review).toContain("Square's answer did not pass");
  });

  it('a completed checkout whose answer fails the checks is recorded once, flagged for review', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 25);
    const init = await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
      idempotency_key: 'malformed-checkout-0001', checkout: { amount_money: { amount: 2500, currency: 'USD' }, device_options: { device_id: 'DEVICE-BAR' }, reference_id: String(invoiceId) },
    } });
    fake.complete(init.json().id);
    fake.failNext('malformed', { path: /^\/v2\/terminals\/checkouts\/[^/]+$/ });
    const confirm = () => ctx.as(manager, { method: 'GET', url: `/api/square/terminal/confirm?id=${init.json().id}` });
    expect((await confirm()).json()).toMatchObject({ status: 'SUCCESS', balance: 0 });
    expect((await confirm()).json()).toMatchObject({ status: 'SUCCESS' });
    const recorded = (await invoice(invoiceId)).payments;
    expect(recorded).toEqual([expect.objectContaining({ amount: 25, type: 'terminal', square_id: fake.checkouts.get(init.json().id)!.payment_ids[0] })]);
    expect(JSON.parse(recorded[0].details).review).toContain('amount_money.amount');
  });

  it('a terminal on page 3 of the device codes takes a checkout', async () => {
    const devices = fake.devices;
    fake.devices = [...Array.from({ length: 4 }, (_, i) => ({ device_id: `PAGED-${i}`, name: `Terminal ${i}` })), { device_id: 'PAGED-LAST', name: 'Page three' }];
    fake.pageSize = 2;
    try {
      const invoiceId = await invoiceOf(ctx, manager, 20);
      const init = await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
        idempotency_key: 'paged-device-0001', checkout: { amount_money: { amount: 2000, currency: 'USD' }, device_options: { device_id: 'PAGED-LAST' }, reference_id: String(invoiceId) },
      } });
      expect(init.statusCode, init.body).toBe(200);
    } finally {
      fake.devices = devices;
      fake.pageSize = 3;
    }
  });

  it('a checkout cancelled twice is cancelled at Square once: the buyer on it, the device decides', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 40);
    const start = (key: string) => ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
      idempotency_key: key, checkout: { amount_money: { amount: 1000, currency: 'USD' }, device_options: { device_id: 'DEVICE-FRONT' }, reference_id: String(invoiceId) },
    } });
    const first = (await start('twice-0001')).json().id as string;
    fake.present(first);
    const cancels = () => callsTo(`/v2/terminals/checkouts/${first}/cancel`).length;
    expect((await start('twice-0002')).statusCode).toBe(200);
    expect(fake.checkouts.get(first)!.status).toBe('CANCEL_REQUESTED');
    expect((await start('twice-0003')).statusCode).toBe(200);
    expect(cancels()).toBe(1);
    const confirm = () => ctx.as(manager, { method: 'GET', url: `/api/square/terminal/confirm?id=${first}` });
    expect((await confirm()).json()).toEqual({ status: 'PENDING' });
    fake.cancelAtDevice(first);
    expect((await confirm()).json()).toEqual({ status: 'CANCELED' });
  });

  it('reconciliation reads all 5 pages of Square\'s payments', async () => {
    const day = '2026-04-07';
    // 13 payments that day in New York (facility 1): 5 pages of 3.
    const begin = Date.parse(`${day}T12:00:00Z`);
    for (let i = 0; i < 13; i++) fake.addPayment({ amount: 1000 + i, created_at: new Date(begin + i * 60_000).toISOString() });
    const before = callsTo('/v2/payments?').length;
    const res = await ctx.as(admin, { method: 'GET', url: `/api/payment/reconciliation?start=${day}&end=${day}&facility_id=1` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().square_payments).toHaveLength(13);
    expect(res.json().square_cut).toEqual([]);
    expect(callsTo('/v2/payments?').length - before).toBe(5);
  });

  it('the reconciliation report names the facility and the time after which a cut list compared nothing', async () => {
    const begin = Date.parse('2026-03-16T00:00:00Z');
    const taken = Array.from({ length: 5 }, (_, i) => fake.addPayment({ amount: 300 + i, created_at: new Date(begin + i * 60_000).toISOString() }));
    const short = httpSquare({ mode: 'sandbox', baseUrl: fake.url, account: account(fake.token), retry: { baseMs: 2, maxMs: 10 }, maxPaymentPages: 1 });
    const window = { facility_id: 1, time_zone: 'America/New_York', start: begin / 1000, end: begin / 1000 + 3600 };
    const report = await reconciliationReport(ctx.database.db, { windows: [window] } as unknown as ReportScope, squarePayments(short));
    expect(report.square_payments).toHaveLength(3);
    expect(report.square_cut).toEqual([{ facility_id: 1, after: Date.parse(taken[2].created_at as string) / 1000 }]);
  });

  /** A card payment of $`dollars` on a new invoice, a refund of $`refund` asked and confirmed: Square answers it PENDING. */
  async function pendingRefund(key: string, dollars: number, refund: number) {
    const invoiceId = await invoiceOf(ctx, manager, dollars);
    const paid = (await charge(key, invoiceId, dollars * 100)).json();
    await ctx.as(manager, { method: 'DELETE', url: `/api/payment/${paid.payment_id}?refund=1&p_type=card&amount=${refund}&reason=Rain` });
    const [asked] = (await ctx.as(admin, { method: 'GET', url: '/api/refunds?pending=1' })).json().filter((r: { invoice_id: number }) => r.invoice_id === invoiceId);
    const confirmed = await ctx.as(admin, { method: 'POST', url: `/api/refunds/${asked.ID}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { invoiceId, refundId: asked.ID as number, squareRefundId: confirmed.json().square_refund_id as string };
  }
  const reviewed = async (refundId: number) => (await ctx.as(admin, { method: 'GET', url: '/api/refunds' })).json().find((r: { ID: number }) => r.ID === refundId);
  const sync = () => ctx.as(admin, { method: 'POST', url: '/api/square/refunds/sync' });

  /** The invoice's card payment is matched with Square's by the reconciliation report, `refunded` dollars given back on both sides. */
  async function expectReconciled(invoiceId: number, refunded: number) {
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const report = (await ctx.as(admin, { method: 'GET', url: `/api/payment/reconciliation?start=${day}&end=${day}&facility_id=1` })).json();
    const [paid] = report.payments.filter((p: { invoice_id: number }) => p.invoice_id === invoiceId);
    expect(paid).toMatchObject({ refunded });
    expect(report.square_payments.find((p: { id: string }) => p.id === paid.square_id)).toMatchObject({ refunded });
    expect(report.unmatched_recorded.map((p: { ID: number }) => p.ID)).not.toContain(paid.ID);
  }

  it('a PENDING refund that later fails gives the money back to the invoice, with a note; a completed one is validated', async () => {
    // An older pending refund Square does not know (404) is skipped, not in the others' way.
    const stale = await invoiceOf(ctx, manager, 5);
    await ctx.database.db.insert(payments).values({ invoice_id: stale, amount: -100, type: 'card', square_id: 'UNKNOWN-REFUND', refund_status: 'Pending' });
    const failing = await pendingRefund('refund-fails-0001', 30, 10);
    expect((await invoice(failing.invoiceId)).balance).toBe(10);
    expect(await reviewed(failing.refundId)).toMatchObject({ refund_status: 'Confirmed', square_status: 'Pending' });
    expect((await sync()).json()).toMatchObject({ checked: 2, pending: 1, failed: 0, unreachable: 1 });
    // Square counts a pending refund in the payment's refunded_money, as the books do: they reconcile.
    await expectReconciled(failing.invoiceId, 10);
    fake.settleRefund(failing.squareRefundId, 'FAILED');
    expect((await sync()).json()).toMatchObject({ failed: 1, unreachable: 1 });
    // Failed, it is given back on both sides.
    await expectReconciled(failing.invoiceId, 0);
    const view = await invoice(failing.invoiceId);
    expect(view.balance).toBe(0);
    expect(view.payments.map((p: { amount: number }) => p.amount)).toEqual(expect.arrayContaining([30, -10, 10]));
    expect(JSON.parse(view.payments.find((p: { amount: number; reversal: number | null }) => p.amount === 10 && p.reversal).details).note).toContain('Square answered FAILED');
    expect(await reviewed(failing.refundId)).toMatchObject({ refund_status: 'Denied', square_status: 'Denied', deny_reason: expect.stringContaining('FAILED') });
    expect((await sync()).json()).toMatchObject({ failed: 0 });
    // The money is the customer's to be refunded again.
    const [original] = view.payments.filter((p: { amount: number }) => p.amount === 30);
    expect((await ctx.as(manager, { method: 'DELETE', url: `/api/payment/${original.ID}?refund=1&p_type=card&amount=30&reason=Again` })).statusCode).toBe(200);

    const completing = await pendingRefund('refund-completes-0001', 30, 5);
    fake.settleRefund(completing.squareRefundId, 'COMPLETED');
    expect((await sync()).json()).toMatchObject({ completed: 1 });
    expect((await invoice(completing.invoiceId)).balance).toBe(5);
    expect(await reviewed(completing.refundId)).toMatchObject({ refund_status: 'Confirmed', square_status: 'Validated' });
  });

  it('the deadline job: a buyer still on the checkout is checked again later, then the completed payment is recorded once; a PENDING one has timed out', async () => {
    const { db } = ctx.database;
    const start = async (key: string, invoiceId: number, cents: number, device: string) => (await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
      idempotency_key: key, checkout: { amount_money: { amount: cents, currency: 'USD' }, device_options: { device_id: device }, reference_id: String(invoiceId) },
    } })).json().id as string;
    const paidInvoice = await invoiceOf(ctx, manager, 25);
    const paid = await start('deadline-key-0001', paidInvoice, 2500, 'DEVICE-FRONT');
    fake.present(paid);
    await reachDeadline(db, paid);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    const [waiting] = await deadlineJobs(db, paid);
    expect(waiting).toMatchObject({ attempts: 1, done_at: null, failed_at: null, last_error: expect.stringContaining('IN_PROGRESS') });
    expect(waiting.run_at.getTime() - Date.now()).toBeGreaterThan(20_000);
    fake.complete(paid);
    await reachDeadline(db, paid);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    expect((await invoice(paidInvoice)).payments).toEqual([expect.objectContaining({ type: 'terminal', amount: 25, square_id: fake.checkouts.get(paid)!.payment_ids[0] })]);
    expect((await invoice(paidInvoice)).balance).toBe(0);
    expect((await deadlineJobs(db, paid))[0]).toMatchObject({ attempts: 2, done_at: expect.any(Date) });

    const lateInvoice = await invoiceOf(ctx, manager, 10);
    const late = await start('deadline-key-0002', lateInvoice, 1000, 'DEVICE-BAR');
    fake.advance(301);
    await reachDeadline(db, late);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    // Square timed it out on its own: the job only read it.
    expect(fake.checkouts.get(late)).toMatchObject({ status: 'CANCELED', cancel_reason: 'TIMED_OUT' });
    expect(callsTo(`/v2/terminals/checkouts/${late}/cancel`)).toHaveLength(0);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/square/terminal/confirm?id=${late}` })).json()).toEqual({ status: 'CANCELED' });
    expect((await invoice(lateInvoice)).payments).toEqual([]);
  });

  describeOnPostgres('races on PostgreSQL', () => {
    it('concurrent readings of a failed refund give the money back once', async () => {
      const { invoiceId, squareRefundId } = await pendingRefund('refund-race-0001', 40, 15);
      fake.settleRefund(squareRefundId, 'REJECTED');
      const answers = await Promise.all(Array.from({ length: 8 }, () => sync()));
      expect(statusCounts(answers)).toEqual({ 200: 8 });
      expect(answers.reduce((n, a) => n + a.json().failed, 0)).toBe(1);
      const [row] = await ctx.database.db.select({ paid: invoices.paid }).from(invoices).where(eq(invoices.ID, invoiceId));
      expect(row.paid).toBe(4000);
      const amounts = (await ctx.database.db.select({ amount: payments.amount }).from(payments).where(eq(payments.invoice_id, invoiceId))).map((p) => p.amount).sort();
      expect(amounts).toEqual([-1500, 1500, 4000].sort());
    });

    it('concurrent retries of one charge, Square rate limiting the first tries, record one payment', async () => {
      const invoiceId = await invoiceOf(ctx, manager, 50);
      fake.failNext('rate_limit', { times: 4, path: /^\/v2\/payments$/ });
      const answers = await Promise.all(Array.from({ length: 10 }, () => charge('race-rate-0001', invoiceId, 5000)));
      expect(statusCounts(answers)).toEqual({ 200: 10 });
      expect(new Set(answers.map((a) => a.json().payment_id)).size).toBe(1);
      const [row] = await ctx.database.db.select({ paid: invoices.paid }).from(invoices).where(eq(invoices.ID, invoiceId));
      expect(row.paid).toBe(5000);
    });
  });
});
