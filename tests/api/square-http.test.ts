import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACILITY } from '../../core/constants';
import { integrations } from '../../server/db/schema';
import { httpSquare, SQUARE_VERSION } from '../../server/services/square/http';
import { SQUARE_KEY_REUSED, SQUARE_NOT_SET_UP, SQUARE_REFUSED_TOKEN, SQUARE_UNREACHABLE } from '../../server/services/square';
import { createTestContext, type TestContext } from './harness';
import { startFakeSquare, type FakeSquare } from './support/fakeSquare';
import { invoiceOf } from './support/invoices';

// The real Square adapter against a local Square that answers as Square's API reference documents
// (tests/api/support/fakeSquare.ts): its requests, its answers, its errors; then the app itself with
// SQUARE_ENV=sandbox pointed at the fake, the token coming from the facility's square integration.

let fake: FakeSquare;
beforeAll(async () => { fake = await startFakeSquare(); });
afterAll(async () => { await fake?.close(); });

const account = (token: string) => async () => ({ accessToken: token, locationId: fake.locationId, environment: 'sandbox' as const });
const adapter = (token = fake.token) => httpSquare({ mode: 'sandbox', baseUrl: fake.url, account: account(token), timeoutMs: 2000 });

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
      idempotency_key: 'chk-key-0001',
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
    fake.mode = 'error';
    try {
      await expect(square.listDevices(1)).rejects.toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
    } finally {
      fake.mode = 'ok';
    }
    const closed = httpSquare({ mode: 'sandbox', baseUrl: 'http://127.0.0.1:1', account: account(fake.token) });
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
    fake.mode = 'error';
    try {
      expect(await refusals(adapter(secret))).toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
    } finally {
      fake.mode = 'ok';
    }
    const closed = httpSquare({ mode: 'sandbox', baseUrl: 'http://127.0.0.1:1', account: account(secret) });
    expect(await refusals(closed)).toMatchObject({ statusCode: 502, message: SQUARE_UNREACHABLE });
  });

  it('charges a card token, reads and lists the payment, refunds it once per key and never above the payment', async () => {
    const square = adapter();
    const payment = await square.createPayment(1, { idempotencyKey: 'pay-key-0002', sourceId: 'cnon:card-nonce-ok', amount: 2500, note: 'Invoice 9', buyerEmail: 'a@b.test' });
    expect(payment).toMatchObject({ status: 'COMPLETED', amount_money: { amount: 2500, currency: 'USD' } });
    expect(fake.calls.at(-1)!.body).toMatchObject({ source_id: 'cnon:card-nonce-ok', autocomplete: true, location_id: fake.locationId, buyer_email_address: 'a@b.test' });
    expect((await square.getPayment(1, payment.id)).id).toBe(payment.id);
    const listed = await square.listPayments(1, { begin: Math.floor(Date.now() / 1000) - 60, end: Math.floor(Date.now() / 1000) + 60 });
    expect(listed.map((p) => p.id)).toContain(payment.id);
    const refund = await square.refundPayment(1, { idempotencyKey: 'ref-key-0001', paymentId: payment.id, amount: 2000, reason: 'Rain' });
    expect(refund).toMatchObject({ payment_id: payment.id, amount_money: { amount: 2000, currency: 'USD' } });
    expect((await square.refundPayment(1, { idempotencyKey: 'ref-key-0001', paymentId: payment.id, amount: 2000, reason: 'Rain' })).id).toBe(refund.id);
    await expect(square.refundPayment(1, { idempotencyKey: 'ref-key-0002', paymentId: payment.id, amount: 1000 })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the app on real Square (the fake), with the facility integration\'s token', () => {
  let ctx: TestContext;
  let manager: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SQUARE_ENV: 'sandbox', SQUARE_API_URL: fake.url } });
    manager = await ctx.login('manager@touchline.test');
  });
  afterAll(async () => { await ctx?.close(); });

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
    const view = (await ctx.as(manager, { method: 'GET', url: `/api/invoice/${invoiceId}` })).json();
    expect(view.payments).toEqual([expect.objectContaining({ type: 'terminal', amount: 30, square_id: fake.checkouts.get(init.json().id)!.payment_ids[0] })]);
    const config = (await ctx.as(manager, { method: 'GET', url: '/api/square/config' })).json();
    expect(config.mode).toBe('sandbox');
    expect(JSON.stringify(config)).not.toContain(fake.token);
  });
});
