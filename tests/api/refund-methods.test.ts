import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../core/api/payments';
import { simulatorToken } from '../../core/square';
import { createTestContext, type StaffTokens, type TestContext } from './harness';
import { invoiceOf } from './support/invoices';

// Issue 22 item 2: a refund is recorded as the method the money went back by. To the card: Square
// refunds it and a card refund is recorded; as cash, check, wire or credit: Square is not called and
// the refund is recorded as that method. The sales report's payment types and the reconciliation then
// agree with what moved, and the invoice (staff and public) tells refunds and reversals apart.

let ctx: TestContext;
let staff: StaffTokens;
let keySerial = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.signInStaff();
});
afterAll(async () => { await ctx?.close(); });

async function paidByCard(dollars: number) {
  const invoiceId = await invoiceOf(ctx, staff.admin, dollars);
  const res = await ctx.api(staff.admin, 'POST', '/charge/event', {
    idempotency_key: `refund-methods-${++keySerial}`, amount_money: { amount: dollars * 100, currency: 'USD' },
    source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { invoiceId, paymentId: res.json().payment_id as number, squareId: res.json().id as string };
}
const ask = (paymentId: number, amount: number, type: string) =>
  ctx.api(staff.manager, 'DELETE', `/payment/${paymentId}?refund=1&p_type=${type}&amount=${amount}&reason=Rained+out`);
async function refundConfirmed(paymentId: number, amount: number, type: string) {
  const asked = await ask(paymentId, amount, type);
  expect(asked.statusCode, asked.body).toBe(200);
  const confirmed = await ctx.api(staff.admin, 'POST', `/refunds/${asked.json().ID}`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json() as { square_refund_id: string | null; balance: number };
}
const simulated = async (squareId: string) =>
  ((await ctx.api(staff.admin, 'GET', '/square/simulator/payments')).json() as Array<{ id: string; refunded_money?: { amount: number } }>).find((p) => p.id === squareId)!;
const invoice = async (id: number) => (await ctx.api(staff.admin, 'GET', `/invoice/${id}`)).json();

/** The day before and after today (in any zone): the reports' window around the payments just made. */
function around() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { start: day(-1), end: day(1) };
}

describe('refund methods', () => {
  let cashRefund: { invoiceId: number; paymentId: number; squareId: string };
  let cardRefund: { invoiceId: number; paymentId: number; squareId: string };

  it('a card payment refunded as cash does not call Square and is recorded as cash, without a Square id', async () => {
    cashRefund = await paidByCard(40);
    const done = await refundConfirmed(cashRefund.paymentId, 12, 'cash');
    expect(done).toMatchObject({ square_refund_id: null, balance: 12 });
    expect((await simulated(cashRefund.squareId)).refunded_money).toBeUndefined();
    const negative = (await invoice(cashRefund.invoiceId)).payments.find((p: { amount: number }) => p.amount < 0);
    expect(negative).toMatchObject({ amount: -12, type: 'cash', square_id: null, refund: cashRefund.paymentId, refund_status: null });
  });

  it('a card payment refunded to the card is refunded by Square and recorded as a card refund with its Square id', async () => {
    cardRefund = await paidByCard(30);
    const done = await refundConfirmed(cardRefund.paymentId, 10, 'card');
    expect(done.square_refund_id).toEqual(expect.any(String));
    expect((await simulated(cardRefund.squareId)).refunded_money).toEqual({ amount: 1000, currency: 'USD' });
    const negative = (await invoice(cardRefund.invoiceId)).payments.find((p: { amount: number }) => p.amount < 0);
    expect(negative).toMatchObject({ amount: -10, type: 'card', square_id: done.square_refund_id, refund: cardRefund.paymentId, refund_status: 'Validated' });
  });

  it('refuses a refund to the card of a payment not taken by card, and "terminal" as a way back', async () => {
    const invoiceId = await invoiceOf(ctx, staff.admin, 20);
    const cash = (await ctx.api(staff.admin, 'POST', '/payment', { invoice_id: invoiceId, amount: 20, type: 'cash' })).json();
    const toCard = await ask(cash.ID, 5, 'card');
    expect(toCard.statusCode).toBe(400);
    expect(toCard.json().message).toBe(PAYMENT_MESSAGES.refundToCard);
    const toTerminal = await ask(cash.ID, 5, 'terminal');
    expect(toTerminal.statusCode).toBe(400);
    expect(toTerminal.json().message).toBe(PAYMENT_MESSAGES.refundType);
    // A check refund of it is recorded as a check.
    await refundConfirmed(cash.ID, 5, 'check');
    expect((await invoice(invoiceId)).payments.find((p: { amount: number }) => p.amount < 0)).toMatchObject({ amount: -5, type: 'check' });
  });

  it('the sales report counts each refund under the method the money went back by', async () => {
    const res = await ctx.api(staff.admin, 'POST', '/report/sales/new', { query: { ...toDates(around()), facility_ids: [1], summary_only: true } });
    expect(res.statusCode, res.body).toBe(200);
    const byType = Object.fromEntries((res.json().payments.by_type as Array<{ type: string; amount: number }>).map((t) => [t.type, t.amount]));
    // Cards: 40 + 30 charged, 10 given back to a card. Cash: 20 taken, 12 given back. Check: 5 given back.
    expect(byType).toEqual({ card: 60, cash: 8, check: -5 });
  });

  it('the reconciliation matches a payment refunded to the card, and one refunded as cash with nothing refunded at Square', async () => {
    const { start, end } = around();
    const res = await ctx.api(staff.admin, 'GET', `/payment/reconciliation?start=${start}&end=${end}&facility_id=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.matched).toBe(2);
    expect(body.unmatched_recorded).toEqual([]);
    expect(body.unmatched_square).toEqual([]);
    expect(body.by_source).toEqual([{ source: 'touchline', count: 2, amount: 60 }, { source: 'square', count: 2, amount: 60 }]);
    expect(body.payments.map((p: { ID: number; refunded: number }) => [p.ID, p.refunded])).toEqual([[cardRefund.paymentId, 10], [cashRefund.paymentId, 0]]);
  });

  it('the public invoice tells a refund and a reversal from a payment', async () => {
    const invoiceId = await invoiceOf(ctx, staff.admin, 50);
    const first = (await ctx.api(staff.admin, 'POST', '/payment', { invoice_id: invoiceId, amount: 20, type: 'cash' })).json();
    const second = (await ctx.api(staff.admin, 'POST', '/payment', { invoice_id: invoiceId, amount: 30, type: 'check', details: { number: '101' } })).json();
    const reversal = (await ctx.api(staff.admin, 'DELETE', `/payment/${first.ID}?refund=0`)).json();
    await refundConfirmed(second.ID, 30, 'cash');
    const sent = await ctx.api(staff.admin, 'POST', `/invoice/send/${(await invoice(invoiceId)).customer_id}?invoice=${invoiceId}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const reference = /\/public\/invoice\?ref=([A-Za-z0-9_-]{43})/.exec(ctx.outbox.at(-1)!.text)![1];
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${reference}` })).json();
    expect(view.payments).toEqual([
      expect.objectContaining({ ID: first.ID, type: 'cash', reversal: null, refund: null }),
      expect.objectContaining({ ID: second.ID, type: 'check', reversal: null, refund: null }),
      expect.objectContaining({ ID: reversal.ID, amount: -20, reversal: first.ID, refund: null }),
      expect.objectContaining({ amount: -30, type: 'cash', reversal: null, refund: second.ID }),
    ]);
  });
});

function toDates({ start, end }: { start: string; end: string }) {
  return { start_date: start, end_date: end };
}
