import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { changelog, payments, refunds, terminalCheckouts } from '../../server/db/schema';
import { CHECKOUT_DEADLINE_DELAY_MS } from '../../server/routes/square/deadline';
import { createTestContext, type TestContext } from './harness';
import { deadlineJobs, reachDeadline } from './support/deadline';
import { invoiceOf } from './support/invoices';

// Square with the embedded simulator (issue 11): terminal checkouts through the spec's flow, card
// charges with the test cards, idempotency, bad input, the refund review and the payment log. The app's
// jobs worker is left stopped: a test runs the due jobs itself (a checkout's deadline job).

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;

beforeAll(async () => {
  ctx = await createTestContext({ build: { jobs: false } });
  [admin, manager, manager2] = await Promise.all(['admin', 'manager', 'manager2'].map((r) => ctx.login(`${r}@touchline.test`)));
});
afterAll(async () => { await ctx?.close(); });

let keySerial = 0;
const newKey = () => `test-key-${Date.now()}-${++keySerial}`;
const checkoutBody = (invoiceId: number, cents: number, device = 'SIM-1-DESK', key = newKey()) => ({
  idempotency_key: key,
  checkout: { amount_money: { amount: cents, currency: 'USD' }, device_options: { device_id: device }, note: 'Invoice', reference_id: String(invoiceId) },
});
const init = (token: string, body: object) => ctx.as(token, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: body });
const confirm = (token: string, id: string) => ctx.as(token, { method: 'GET', url: `/api/square/terminal/confirm?id=${encodeURIComponent(id)}` });
const act = (token: string, id: string, action: 'complete' | 'cancel') => ctx.as(token, { method: 'POST', url: `/api/square/simulator/checkouts/${id}/${action}` });
const invoice = async (id: number) => (await ctx.as(admin, { method: 'GET', url: `/api/invoice/${id}` })).json();

describe('terminal checkout', () => {
  it('lists two simulated terminals of the user\'s facility; a manager is pinned to theirs', async () => {
    const res = await ctx.as(manager2, { method: 'GET', url: '/api/square/terminal/getdevices?facility_id=1' });
    expect(res.json().map((d: { id: string }) => d.id)).toEqual(['SIM-2-DESK', 'SIM-2-BAR']);
    const coach = await ctx.login('coach@touchline.test');
    expect((await ctx.as(coach, { method: 'GET', url: '/api/square/terminal/getdevices' })).statusCode).toBe(403);
  });

  it('check_pending: SUCCESS on a free terminal, PENDING while a checkout waits, NOT_FOUND for an unknown one', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 40);
    const pending = (terminal: string) => ctx.as(manager, { method: 'GET', url: `/api/square/terminal/check_pending?terminal_id=${terminal}` });
    expect((await pending('SIM-1-BAR')).json()).toEqual({ status: 'SUCCESS' });
    expect((await pending('SIM-2-BAR')).json().status).toBe('NOT_FOUND');
    const started = (await init(manager, checkoutBody(invoiceId, 1000, 'SIM-1-BAR'))).json();
    expect((await pending('SIM-1-BAR')).json()).toEqual({ status: 'PENDING', id: started.id });
    // Confirm after 'pending' starts a new checkout there: the waiting one is canceled.
    const second = (await init(manager, checkoutBody(invoiceId, 1000, 'SIM-1-BAR'))).json();
    expect((await confirm(manager, started.id)).json()).toEqual({ status: 'CANCELED' });
    expect((await confirm(manager, second.id)).json()).toEqual({ status: 'PENDING' });
    await act(manager, second.id, 'cancel');
  });

  it('pending until the terminal completes it, then SUCCESS with one terminal payment carrying the Square id', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 50);
    const res = await init(manager, checkoutBody(invoiceId, 2000));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', id: expect.any(String) });
    const id = res.json().id as string;
    expect((await confirm(manager, id)).json()).toEqual({ status: 'PENDING' });
    const listed = (await ctx.as(manager, { method: 'GET', url: '/api/square/simulator/checkouts' })).json();
    expect(listed.map((c: { id: string }) => c.id)).toContain(id);
    const completed = (await act(manager, id, 'complete')).json();
    expect(completed.status).toBe('COMPLETED');
    const first = (await confirm(manager, id)).json();
    expect(first).toMatchObject({ status: 'SUCCESS', invoice_id: invoiceId, balance: 30 });
    // Polls after the success answer the same payment and record nothing more.
    expect((await confirm(manager, id)).json()).toMatchObject({ status: 'SUCCESS', payment_id: first.payment_id });
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, invoiceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'terminal', amount: 2000, square_id: completed.payment_ids[0] });
    expect((await invoice(invoiceId)).balance).toBe(30);
    // Completing twice at the terminal is refused.
    expect((await act(manager, id, 'complete')).statusCode).toBe(409);
  });

  it('CANCELED when the customer cancels at the terminal; nothing is recorded', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    const { id } = (await init(manager, checkoutBody(invoiceId, 500))).json();
    await act(manager, id, 'cancel');
    expect((await confirm(manager, id)).json()).toEqual({ status: 'CANCELED' });
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(0);
  });

  it('the deadline job records, once, a checkout completed at the terminal that nobody confirmed', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 50);
    const { id } = (await init(manager, checkoutBody(invoiceId, 2000))).json();
    const [job] = await deadlineJobs(ctx.database.db, id);
    // One job, due just after Square's deadline.
    expect(job.run_at.getTime() - job.created_at.getTime()).toBe(CHECKOUT_DEADLINE_DELAY_MS);
    expect(CHECKOUT_DEADLINE_DELAY_MS).toBeGreaterThan(300_000);
    expect(await ctx.app.jobs.runOnce()).toBe(0);
    const completed = (await act(manager, id, 'complete')).json();
    await reachDeadline(ctx.database.db, id);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, invoiceId));
    expect(rows).toEqual([expect.objectContaining({ type: 'terminal', amount: 2000, square_id: completed.payment_ids[0] })]);
    expect((await invoice(invoiceId)).balance).toBe(30);
    const [row] = await ctx.database.db.select().from(terminalCheckouts).where(eq(terminalCheckouts.checkout_id, id));
    expect(row).toMatchObject({ status: 'COMPLETED', payment_id: rows[0].ID });
    expect((await deadlineJobs(ctx.database.db, id))[0]).toMatchObject({ attempts: 1, done_at: expect.any(Date) });
    // A confirm afterwards answers the job's payment and records nothing more.
    expect((await confirm(manager, id)).json()).toMatchObject({ status: 'SUCCESS', payment_id: rows[0].ID });
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(1);
  });

  it('the deadline job cancels a checkout still PENDING at its deadline; confirm then answers CANCELED', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    const { id } = (await init(manager, checkoutBody(invoiceId, 500))).json();
    await reachDeadline(ctx.database.db, id);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    expect((await confirm(manager, id)).json()).toEqual({ status: 'CANCELED' });
    const listed = (await ctx.as(manager, { method: 'GET', url: '/api/square/simulator/checkouts' })).json();
    expect(listed.map((c: { id: string }) => c.id)).not.toContain(id);
    // Too late for the terminal.
    expect((await act(manager, id, 'complete')).statusCode).toBe(409);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(0);
  });

  it('the deadline job of a checkout a confirm settled already changes nothing', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    const { id } = (await init(manager, checkoutBody(invoiceId, 500))).json();
    await act(manager, id, 'cancel');
    expect((await confirm(manager, id)).json()).toEqual({ status: 'CANCELED' });
    await reachDeadline(ctx.database.db, id);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    expect((await deadlineJobs(ctx.database.db, id))[0]).toMatchObject({ attempts: 1, done_at: expect.any(Date), last_error: null });
  });

  it('a retried init answers the first checkout and asks Square once; the same key with another amount is 409', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 20);
    const body = checkoutBody(invoiceId, 700);
    const first = (await init(manager, body)).json();
    const again = await init(manager, body);
    expect(again.json()).toEqual(first);
    expect(await ctx.database.db.$count(terminalCheckouts, eq(terminalCheckouts.invoice_id, invoiceId))).toBe(1);
    const other = await init(manager, { ...body, checkout: { ...body.checkout, amount_money: { amount: 800, currency: 'USD' } } });
    expect(other.statusCode).toBe(409);
    await act(manager, first.id, 'cancel');
  });

  it('refuses bad input with a clear message and records nothing', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 10);
    const before = await ctx.database.db.$count(terminalCheckouts);
    const refused = async (token: string, body: object, status: number, message: string | RegExp) => {
      const res = await init(token, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await refused(manager, checkoutBody(invoiceId, 1001), 400, 'Amount cannot be greater than invoice balance');
    await refused(manager, checkoutBody(invoiceId, 0), 400, 'Amount must be strictly positive');
    await refused(manager, checkoutBody(invoiceId, 10.5), 400, /whole number of cents/);
    await refused(manager, checkoutBody(invoiceId, 500, 'SIM-2-DESK'), 400, /not one of the facility's terminals/);
    await refused(manager, checkoutBody(invoiceId, 500, 'NO-SUCH-DEVICE'), 400, /not one of the facility's terminals/);
    // Another facility's invoice is not found.
    await refused(manager2, checkoutBody(invoiceId, 500, 'SIM-2-DESK'), 404, /not found/);
    expect(await ctx.database.db.$count(terminalCheckouts)).toBe(before);
  });

  it('membership variant: the membership, its invoice and the terminal payment are written when the terminal completes', async () => {
    const products = (await ctx.as(manager, { method: 'GET', url: '/api/membership/products' })).json();
    const { insertCustomer } = await import('./support/customers');
    const customer = await insertCustomer(ctx.database.db);
    const body = (price: number, cents: number) => ({
      ...checkoutBody(0, cents), sub_customer_id: customer.ID, new_product_id: products[0].ID, base_price: price, facility_id: 1,
    });
    const noPrice = await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout/membership', payload: body(0, 0) });
    expect(noPrice.json().message).toBe('A problem happened, the selected product is missing an invoice_price or amount');
    const res = await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout/membership', payload: body(30, 3000) });
    expect(res.statusCode, res.body).toBe(200);
    await act(manager, res.json().id, 'complete');
    const done = (await confirm(manager, res.json().id)).json();
    expect(done).toMatchObject({ status: 'SUCCESS', invoice_id: expect.any(Number) });
    const sold = await invoice(done.invoice_id);
    expect(sold.payments).toEqual([expect.objectContaining({ type: 'terminal', amount: 30 })]);
    expect(sold.customer.ID).toBe(customer.ID);

    // Completed and never confirmed: the deadline job sells it, acting for the manager who started it.
    const late = await ctx.as(manager, { method: 'POST', url: '/api/square/terminal/init-checkout/membership', payload: body(30, 3000) });
    await act(manager, late.json().id, 'complete');
    await reachDeadline(ctx.database.db, late.json().id);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    const [row] = await ctx.database.db.select().from(terminalCheckouts).where(eq(terminalCheckouts.checkout_id, late.json().id));
    expect(row).toMatchObject({ status: 'COMPLETED', invoice_id: expect.any(Number) });
    const soldLate = await invoice(row.invoice_id!);
    expect(soldLate.payments).toEqual([expect.objectContaining({ type: 'terminal', amount: 30, user_id: row.user_id })]);
    expect(soldLate.customer.ID).toBe(customer.ID);
  });
});

describe('card payments', () => {
  const charge = (token: string, invoiceId: number, cents: number, card: string, key = newKey()) => ctx.as(token, {
    method: 'POST', url: '/api/charge/event',
    payload: { idempotency_key: key, amount_money: { amount: cents, currency: 'USD' }, source_id: simulatorToken(card), invoice_id: invoiceId, facility_id: 1 },
  });

  it('charges an approved test card once per key and records one card payment with the Square id', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 30);
    const key = newKey();
    const res = await charge(manager, invoiceId, 1200, '4111 1111 1111 1111', key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', id: expect.any(String), balance: 18 });
    expect((await charge(manager, invoiceId, 1200, '4111 1111 1111 1111', key)).json()).toEqual(res.json());
    expect((await charge(manager, invoiceId, 1300, '4111 1111 1111 1111', key)).statusCode).toBe(409);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, invoiceId));
    expect(rows).toEqual([expect.objectContaining({ type: 'card', amount: 1200, square_id: res.json().id })]);
  });

  it('reconciliation pairs the card payment recorded here with the simulator\'s payment of the same id', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 30);
    const paid = await charge(manager, invoiceId, 700, '4111 1111 1111 1111');
    expect(paid.statusCode, paid.body).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const res = await ctx.as(admin, { method: 'GET', url: `/api/payment/reconciliation?start=${today}&end=${today}&facility_id=1` });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.square_payments).toContainEqual(expect.objectContaining({ id: paid.json().id, amount: 7 }));
    expect(report.payments).toContainEqual(expect.objectContaining({ square_id: paid.json().id, amount: 7 }));
    expect(report.unmatched_recorded.map((p: { square_id: string }) => p.square_id)).not.toContain(paid.json().id);
    expect(report.unmatched_square.map((p: { id: string }) => p.id)).not.toContain(paid.json().id);
    expect(report.matched).toBeGreaterThanOrEqual(1);
  });

  it('a declined card answers 402 with Square\'s detail and records nothing; an unknown card 400', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 30);
    const declined = await charge(manager, invoiceId, 1000, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Card declined.');
    expect((await charge(manager, invoiceId, 1000, '4242424242424242')).statusCode).toBe(400);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(0);
  });

  it('a card payment without a transaction id is refused with the spec\'s message', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 30);
    const res = await ctx.as(manager, { method: 'POST', url: '/api/payment', payload: { invoice_id: invoiceId, amount: 5, type: 'card' } });
    expect(res.json().message).toBe('Card must be charged on square');
  });

  it('the customer pays from the public link with a test card', async () => {
    const invoiceId = await invoiceOf(ctx, manager, 25);
    const view = await invoice(invoiceId);
    await ctx.as(manager, { method: 'POST', url: `/api/invoice/send/${view.customer.ID}?invoice=${invoiceId}` });
    const ref = ctx.outbox.at(-1)!.text.match(/ref=([A-Za-z0-9_-]{43})/)![1];
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${ref}/card` })).json()).toMatchObject({ mode: 'simulator' });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/public/invoice/${ref}/charge`, payload: {
      idempotency_key: newKey(), amount_money: { amount: 2500, currency: 'USD' }, source_id: simulatorToken('5105105105105100'),
    } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await invoice(invoiceId)).balance).toBe(0);
  });
});

describe('refund review', () => {
  async function paidByCard(dollars: number) {
    const invoiceId = await invoiceOf(ctx, admin, dollars);
    const res = await ctx.as(admin, { method: 'POST', url: '/api/charge/event', payload: {
      idempotency_key: newKey(), amount_money: { amount: dollars * 100, currency: 'USD' }, source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId,
    } });
    return { invoiceId, paymentId: res.json().payment_id as number, squareId: res.json().id as string };
  }
  const ask = (paymentId: number, amount: number, type = 'card') =>
    ctx.as(manager, { method: 'DELETE', url: `/api/payment/${paymentId}?refund=1&p_type=${type}&amount=${amount}&reason=Rained+out` });

  it('confirms a card refund through Square, then neither action works again', async () => {
    const { invoiceId, paymentId, squareId } = await paidByCard(40);
    const refund = (await ask(paymentId, 15)).json();
    const list = (await ctx.as(admin, { method: 'GET', url: '/api/refunds?pending=1' })).json();
    expect(list.find((r: { ID: number }) => r.ID === refund.ID)).toMatchObject({ amount: 15, refund_status: 'Pending', requestor: 'Marta Manager', refund_reason: 'Rained out' });
    const res = await ctx.as(admin, { method: 'POST', url: `/api/refunds/${refund.ID}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund_status: 'Confirmed', square_refund_id: expect.any(String), balance: 15 });
    const simulated = (await ctx.as(admin, { method: 'GET', url: '/api/square/simulator/payments' })).json();
    expect(simulated.find((p: { id: string }) => p.id === squareId).refunded_money).toEqual({ amount: 1500, currency: 'USD' });
    expect((await ctx.as(admin, { method: 'POST', url: `/api/refunds/${refund.ID}` })).statusCode).toBe(409);
    expect((await ctx.as(admin, { method: 'PUT', url: `/api/refunds/${refund.ID}/deny`, payload: { denyReason: 'late' } })).statusCode).toBe(409);
    const negative = (await invoice(invoiceId)).payments.find((p: { amount: number }) => p.amount < 0);
    expect(negative).toMatchObject({ amount: -15, refund: paymentId, refund_status: 'Validated' });
    expect(await ctx.database.db.$count(changelog, eq(changelog.object_type, 'refund'))).toBeGreaterThan(0);
  });

  it('denies with a reason (required) and records no payment', async () => {
    const { invoiceId, paymentId } = await paidByCard(20);
    const refund = (await ask(paymentId, 5)).json();
    const empty = await ctx.as(admin, { method: 'PUT', url: `/api/refunds/${refund.ID}/deny`, payload: { denyReason: ' ' } });
    expect(empty.statusCode).toBe(400);
    const res = await ctx.as(admin, { method: 'PUT', url: `/api/refunds/${refund.ID}/deny`, payload: { denyReason: 'Played the match' } });
    expect(res.json()).toMatchObject({ refund_status: 'Denied', deny_reason: 'Played the match' });
    expect((await ctx.as(admin, { method: 'POST', url: `/api/refunds/${refund.ID}` })).statusCode).toBe(409);
    expect((await invoice(invoiceId)).payments).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.ID, refund.ID));
    expect(row.resolved_by).not.toBeNull();
  });

  it('a cash refund is recorded without Square; managers cannot review refunds', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 10);
    const paid = (await ctx.as(admin, { method: 'POST', url: '/api/payment', payload: { invoice_id: invoiceId, amount: 10, type: 'cash' } })).json();
    const refund = (await ask(paid.ID, 10, 'cash')).json();
    expect((await ctx.as(manager, { method: 'POST', url: `/api/refunds/${refund.ID}` })).statusCode).toBe(403);
    expect((await ctx.as(manager, { method: 'GET', url: '/api/refunds' })).statusCode).toBe(403);
    const res = await ctx.as(admin, { method: 'POST', url: `/api/refunds/${refund.ID}` });
    expect(res.json()).toMatchObject({ refund_status: 'Confirmed', square_refund_id: null, balance: 10 });
    // A refund of a refund is refused.
    const negative = (await invoice(invoiceId)).payments.find((p: { amount: number }) => p.amount < 0);
    expect((await ask(negative.ID, 1, 'cash')).statusCode).toBe(409);
  });
});

describe('payment log', () => {
  it('lists payments newest first, scoped to a manager\'s facility, searchable by Square id', async () => {
    const invoiceId = await invoiceOf(ctx, manager2, 10, 2);
    const res = await ctx.as(manager2, { method: 'POST', url: '/api/charge/event', payload: {
      idempotency_key: newKey(), amount_money: { amount: 1000, currency: 'USD' }, source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId,
    } });
    const log = (await ctx.as(manager2, { method: 'GET', url: '/api/log/payments' })).json();
    expect(log[0]).toMatchObject({ invoice_id: invoiceId, type: 'card', amount: 10, facility: { ID: 2 } });
    expect(log.every((p: { facility: { ID: number } }) => p.facility.ID === 2)).toBe(true);
    const found = (await ctx.as(admin, { method: 'GET', url: `/api/log/payments?square_id=${res.json().id}` })).json();
    expect(found).toHaveLength(1);
    expect((await ctx.as(await ctx.login('mod@touchline.test'), { method: 'GET', url: '/api/log/payments' })).statusCode).toBe(403);
  });
});
