import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_INVOICE_MESSAGES } from '../../core/api/events';
import { PAYMENT_MESSAGES } from '../../core/api/payments';
import { applyRate } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { discountApplications, events, facilities, invoiceItems, payments, refunds } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type StaffTokens, type TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { invoiceOf } from './support/invoices';

dayjs.extend(utc);
dayjs.extend(timezone);

// The money a front desk meets (issue 41 item 5: m5, m6, m8, m9, m10, m28, m29; item 12): a new team's
// fee paid before it has players, the early bird billed and taxed at its price (and the sales report's
// figures), a rollover inside the early bird, each league's invoice on the team, a paid player's move
// refused with its reason, a booking invoiced as it is saved and the calendar's mark for one not
// invoiced, a refund pending then refunded on the invoice, and the refund review's days in each
// facility's zone. Both databases.

let ctx: TestContext;
let t: StaffTokens;
const DAY = 86_400;
const now = nowSeconds();

beforeAll(async () => {
  ctx = await createTestContext();
  t = await ctx.signInStaff();
});
afterAll(async () => { await ctx?.close(); });

const ok = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await ctx.api(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};
const league = (overrides: Record<string, unknown> = {}) => ok(t.admin, 'POST', '/league', {
  name: `Desk League ${Math.random().toString(36).slice(2, 7)}`, description: 'Weeknights', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1,
  gender: 'Co-Ed', start_date: now + 30 * DAY, end_date: now + 90 * DAY, registration_start_date: now - DAY, registration_end_date: now + 29 * DAY,
  early_bird_start_date: now - DAY, early_bird_end_date: now + 10 * DAY, enable_early_bird: true, max_teams: 8, duration: 45, ...overrides,
}) as Promise<{ ID: number; name: string }>;
const fees = async (leagueId: number) => (await ok(t.admin, 'GET', `/league/${leagueId}`)).fees as Array<{ kind: string; price: number; discount: number }>;
const signUp = (body: Record<string, unknown>) => ok(t.admin, 'POST', '/team/signup', body) as Promise<{ ID: number; team_id: number; invoice_id: number }>;
const invoice = (id: number) => ok(t.admin, 'GET', `/invoice/${id}`);
const addPlayer = async (teamId: number, name: string) => {
  const customer = await insertCustomer(ctx.database.db, { first_name: name, last_name: 'Desk' });
  await ok(t.admin, 'POST', '/player', { team_id: teamId, customer_id: customer.ID });
  return customer.ID;
};

describe('a team\'s fee at the desk', () => {
  it('a new team without players pays as the team; once it has players, a payment names one (m5)', async () => {
    const l = await league();
    const full = (await fees(l.ID)).find((f) => f.kind === 'full')!;
    const { invoice_id, team_id } = await signUp({ league_id: l.ID, name: 'Brand New FC', fee: full.price });
    const paid = await ctx.api(t.mod, 'POST', '/payment', { invoice_id, amount: 100, type: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ player_customer_id: null, amount: 100 });
    expect((await invoice(invoice_id)).paid).toBe(100);
    const player = await addPlayer(team_id, 'Cap');
    const unnamed = await ctx.api(t.mod, 'POST', '/payment', { invoice_id, amount: 50, type: 'cash' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(PAYMENT_MESSAGES.player);
    expect((await ctx.api(t.mod, 'POST', '/payment', { invoice_id, amount: 50, type: 'cash', player_customer_id: player })).statusCode).toBe(201);
    expect((await invoice(invoice_id)).paid).toBe(150);
  });

  it('bills the early bird at its price: one line, taxed and fee\'d on it, no discount; the sales report agrees (m6)', async () => {
    const l = await league();
    const early = (await fees(l.ID)).find((f) => f.kind === 'early_bird')!;
    const { invoice_id, team_id } = await signUp({ league_id: l.ID, name: 'Early Risers', fee: early.price });
    const [line] = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoice_id));
    const [facility] = await ctx.database.db.select().from(facilities).where(eq(facilities.ID, 1));
    const cents = Math.round(early.price * 100);
    expect(line).toMatchObject({ price: cents, quantity: 1, comment: `${l.name} · Early bird` });
    expect(line.amount_taxes).toBe(applyRate(cents, Number(facility.tax_rate)));
    expect(line.amount_fees).toBe(applyRate(cents, Number(facility.processing_fee)));
    expect(await ctx.database.db.select().from(discountApplications).where(eq(discountApplications.invoice_id, invoice_id))).toEqual([]);
    const view = await invoice(invoice_id);
    expect(view.balance * 100).toBeCloseTo(cents + line.amount_taxes + line.amount_fees, 0);

    const today = dayjs().tz(facility.time_zone).format('YYYY-MM-DD');
    const report = async () => (await ok(t.admin, 'POST', '/report/sales/new', { query: { start_date: today, end_date: today, facility_ids: [1], summary_only: true } })).sales;
    const before = await report();
    const player = await addPlayer(team_id, 'Early');
    await ok(t.admin, 'POST', '/payment', { invoice_id, amount: view.balance, type: 'cash', player_customer_id: player });
    const after = await report();
    const delta = (key: string) => Math.round((after[key] - before[key]) * 100);
    // The sale is the early-bird price, its tax the tax on that price, and nothing is a discount.
    expect(delta('gross_sales')).toBe(cents);
    expect(delta('discounts')).toBe(0);
    expect(delta('taxes')).toBe(line.amount_taxes);
  });

  it('a rollover inside the new season\'s early bird bills the carried-over teams its fee, unless the full price is asked (m8)', async () => {
    const season = await league({ name: 'Autumn Season', is_container: true, gender: null, start_date: now - 10 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY, early_bird_start_date: null, early_bird_end_date: null, enable_early_bird: false });
    const division = await league({ name: 'Autumn Season Division A', parent_league_id: season.ID, start_date: now - 10 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY, early_bird_start_date: null, early_bird_end_date: null, enable_early_bird: false });
    const full = (await fees(division.ID))[0];
    const team = await signUp({ league_id: division.ID, name: 'Carried Over', fee: full.price });
    const rollover = (previous: number, from: number, extra: Record<string, unknown> = {}) => ok(t.admin, 'POST', '/league/rollover', {
      previous_league_id: previous,
      new_league: {
        name: `Spring ${previous}`, description: 'Next', new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, start_date: now + 60 * DAY, end_date: now + 120 * DAY,
        registration_start_date: now - DAY, registration_end_date: now + 59 * DAY, early_bird_start_date: now - DAY, early_bird_end_date: now + 14 * DAY, enable_early_bird: true,
        max_teams: 8, duration: 45, rollover_from: previous, properties: [],
      },
      new_divisions: [{ division: { name: `Spring ${previous} A`, properties: [] }, team_ids: [team.team_id], previous_league_id: from }],
      ...extra,
    }) as Promise<{ divisions: number[] }>;
    const lineOf = async (divisionId: number) => {
      const { teams } = await ok(t.admin, 'GET', `/league/${divisionId}`);
      const [line] = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, teams[0].invoice.ID));
      return line;
    };
    const rolled = await rollover(season.ID, division.ID);
    const offered = await fees(rolled.divisions[0]);
    const early = offered.find((f) => f.kind === 'early_bird')!;
    expect(early.price).toBeLessThan(full.price);
    expect((await lineOf(rolled.divisions[0])).price).toBe(Math.round(early.price * 100));

    // Asked for the full price, the full price it is.
    const again = await league({ name: 'Winter Season', is_container: true, gender: null, start_date: now - 10 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY, early_bird_start_date: null, early_bird_end_date: null, enable_early_bird: false });
    const againDivision = await league({ name: 'Winter Season A', parent_league_id: again.ID, start_date: now - 10 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY, early_bird_start_date: null, early_bird_end_date: null, enable_early_bird: false });
    const other = await signUp({ league_id: againDivision.ID, name: 'Full Payers', fee: full.price });
    const rolledFull = await ok(t.admin, 'POST', '/league/rollover', {
      previous_league_id: again.ID,
      new_league: {
        name: 'Spring Full', description: 'Next', new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, start_date: now + 60 * DAY, end_date: now + 120 * DAY,
        registration_start_date: now - DAY, registration_end_date: now + 59 * DAY, early_bird_start_date: now - DAY, early_bird_end_date: now + 14 * DAY, enable_early_bird: true,
        max_teams: 8, duration: 45, rollover_from: again.ID, properties: [],
      },
      new_divisions: [{ division: { name: 'Spring Full A', properties: [] }, team_ids: [other.team_id], previous_league_id: againDivision.ID }],
      fee_kind: 'full',
    });
    expect((await lineOf(rolledFull.divisions[0])).price).toBe(Math.round(full.price * 100));
  });

  it('answers each league\'s invoice of a team with its own balance (m9)', async () => {
    const first = await league();
    const second = await league({ name: 'Desk Cup', start_date: now + 100 * DAY, end_date: now + 101 * DAY });
    const { team_id, invoice_id: firstInvoice } = await signUp({ league_id: first.ID, name: 'Two Leagues', fee: (await fees(first.ID))[0].price });
    const { invoice_id: secondInvoice } = await signUp({ league_id: second.ID, team_id, fee: (await fees(second.ID))[0].price });
    const player = await addPlayer(team_id, 'Payer');
    await ok(t.admin, 'POST', '/payment', { invoice_id: firstInvoice, amount: 200, type: 'cash', player_customer_id: player });
    const team = await ok(t.mod, 'GET', `/team/${team_id}`);
    const byLeague = new Map(team.leagues.map((l: { league: { ID: number }; invoice: { ID: number; balance: number } }) => [l.league.ID, l.invoice]));
    const [a, b] = [await invoice(firstInvoice), await invoice(secondInvoice)];
    expect(byLeague.get(first.ID)).toMatchObject({ ID: firstInvoice, balance: a.balance });
    expect(byLeague.get(second.ID)).toMatchObject({ ID: secondInvoice, balance: b.balance });
    expect(a.balance).not.toBe(b.balance);
    expect(team.balance).toBeCloseTo(a.balance + b.balance, 2);
  });

  it('refuses to move a paid player to a team whose invoice owes less, saying how much and what to do; nothing moves (m10)', async () => {
    const l = await league();
    const fee = (await fees(l.ID))[0].price;
    const from = await signUp({ league_id: l.ID, name: 'Wolves Desk', fee });
    const to = await signUp({ league_id: l.ID, name: 'Comets Desk', fee });
    const wes = await addPlayer(from.team_id, 'Wes');
    const comet = await addPlayer(to.team_id, 'Comet');
    const big = await ok(t.admin, 'POST', '/payment', { invoice_id: from.invoice_id, amount: 900, type: 'cash', player_customer_id: wes });
    await ok(t.admin, 'POST', '/payment', { invoice_id: to.invoice_id, amount: 500, type: 'cash', player_customer_id: comet });
    const target = await invoice(to.invoice_id);
    const { roster } = await ok(t.admin, 'GET', `/team/${from.team_id}`);
    const entry = roster.find((r: { customer_id: number }) => r.customer_id === wes);
    const res = await ctx.api(t.manager, 'PUT', `/player/${entry.ID}`, { team_id: to.team_id });
    expect(res.statusCode).toBe(400);
    const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(res.json().message).toBe(`Failed to move payment ID ${big.ID}: $900.00 paid, but invoice #${to.invoice_id} of Comets Desk has only ${money(target.balance)} left to pay. `
      + `Refund or revert the payment on invoice #${from.invoice_id} first, move the player, then take what Comets Desk owes on invoice #${to.invoice_id}.`);
    expect(res.json().move_payment).toEqual({
      payment_id: big.ID, amount: 900, source_invoice_id: from.invoice_id, target_team: 'Comets Desk', target_invoice_id: to.invoice_id, target_balance: target.balance,
    });
    // Nothing moved: the player, the payment and both invoices are as they were.
    expect((await ok(t.admin, 'GET', `/team/${from.team_id}`)).roster.map((r: { customer_id: number }) => r.customer_id)).toContain(wes);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.ID, big.ID)))[0]).toMatchObject({ invoice_id: from.invoice_id, reversed: null });
    expect((await invoice(to.invoice_id)).balance).toBe(target.balance);
  });
});

describe('a calendar booking invoiced as it is saved, and its refund (m28, m29)', () => {
  const NY = 'America/New_York';
  const ny = (local: string) => dayjs.tz(local, NY).unix();
  const MARACANA = 1;
  const rental = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
    field_id: MARACANA, product_type_id: 1, start_date: ny(start), end_date: ny(end), comment: '', ...extra,
  });
  const drawn = async (eventId: number, start: string, end: string) => ((await ok(t.mod, 'GET', `/event?start=${ny(start)}&end=${ny(end)}`)) as Array<{ ID: number; mark: string | null }>)
    .find((e) => e.ID === eventId)!;

  it('books and invoices in one call at the quoted price; the calendar marks a priced booking no invoice bills', async () => {
    const customer = await insertCustomer(ctx.database.db, { first_name: 'Priya', last_name: 'Mensah' });
    const quote = await ok(t.mod, 'GET', `/event/product?product_type_id=1&field_id=${MARACANA}&start=${ny('2027-03-10 17:00')}&end=${ny('2027-03-10 18:00')}`);
    const booked = await ctx.api(t.mod, 'POST', '/event', rental('2027-03-10 17:00', '2027-03-10 18:00', { customer_id: customer.ID, invoice: true }));
    expect(booked.statusCode, booked.body).toBe(201);
    const { ID, invoice_id } = booked.json();
    expect(invoice_id).toEqual(expect.any(Number));
    const bill = await invoice(invoice_id);
    expect(bill).toMatchObject({ customer_id: customer.ID, facility_id: 1, product_type: { ID: 1 } });
    expect(bill.invoice_items).toEqual([expect.objectContaining({ event_id: ID, price: quote.product.price, quantity: 1 })]);
    expect(bill.taxes).toBeGreaterThan(0);
    expect((await drawn(ID, '2027-03-10 00:00', '2027-03-11 00:00')).mark).toBe('owed');

    // Without invoice: booked, and marked as not invoiced.
    const plain = await ok(t.mod, 'POST', '/event', rental('2027-03-10 19:00', '2027-03-10 20:00', { customer_id: customer.ID }));
    expect(plain.invoice_id).toBeUndefined();
    expect((await drawn(plain.ID, '2027-03-10 00:00', '2027-03-11 00:00')).mark).toBe('uninvoiced');
    // A blocker has no product: no mark.
    const blocker = await ok(t.mod, 'POST', '/event', { field_id: MARACANA, product_type_id: 19, start_date: ny('2027-03-10 21:00'), end_date: ny('2027-03-10 22:00'), comment: 'Repairs' });
    expect((await drawn(blocker.ID, '2027-03-10 00:00', '2027-03-11 00:00')).mark).toBeNull();
  });

  it('refuses to invoice a booking without its customer, and books nothing then', async () => {
    const before = await ctx.database.db.$count(events);
    const res = await ctx.api(t.mod, 'POST', '/event', rental('2027-03-11 17:00', '2027-03-11 18:00', { invoice: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EVENT_INVOICE_MESSAGES.noCustomer);
    expect(await ctx.database.db.$count(events)).toBe(before);
  });

  it('shows a refund as pending, then as refunded; a cancelled booking refunded in full reads as refunded, not owed', async () => {
    const customer = await insertCustomer(ctx.database.db, { first_name: 'Refund', last_name: 'Me' });
    const booked = await ok(t.mod, 'POST', '/event', rental('2027-03-12 17:00', '2027-03-12 18:00', { customer_id: customer.ID, invoice: true }));
    const total = (await invoice(booked.invoice_id)).total;
    const paid = await ok(t.mod, 'POST', '/payment', { invoice_id: booked.invoice_id, amount: total, type: 'cash' });
    expect((await invoice(booked.invoice_id)).balance_state).toBe('paid');

    const asked = await ok(t.manager, 'DELETE', `/payment/${paid.ID}?refund=1&p_type=cash&amount=${total}&reason=Cancelled`);
    const pending = await invoice(booked.invoice_id);
    expect(pending).toMatchObject({ refunds_pending: total, refunded: 0, balance_state: 'paid' });
    expect(pending.pending_refunds).toEqual([expect.objectContaining({ ID: asked.ID, payment_id: paid.ID, amount: total, type: 'cash' })]);

    await ok(t.admin, 'POST', `/refunds/${asked.ID}`);
    const refunded = await invoice(booked.invoice_id);
    expect(refunded).toMatchObject({ refunds_pending: 0, pending_refunds: [], refunded: total, balance: total });
    // The booking still stands: the money is owed again.
    expect(refunded.balance_state).toBe('owed');
    await ok(t.admin, 'DELETE', `/event/${booked.ID}`);
    expect((await invoice(booked.invoice_id)).balance_state).toBe('refunded');
  });
});

describe('the refund review\'s days (item 12)', () => {
  it('reads from and to as whole days in each refund\'s facility\'s zone', async () => {
    const db = ctx.database.db;
    const at = async (facility_id: number, zone: string, local: string) => {
      const invoiceId = await invoiceOf(ctx, t.admin, 20, facility_id);
      const paid = await ok(t.admin, 'POST', '/payment', { invoice_id: invoiceId, amount: 20, type: 'cash' });
      const asked = await ok(t.admin, 'DELETE', `/payment/${paid.ID}?refund=1&p_type=cash&amount=5&reason=Zone`);
      await db.update(refunds).set({ CreatedAt: dayjs.tz(local, zone).unix() }).where(eq(refunds.ID, asked.ID));
      return asked.ID as number;
    };
    const [ny, la] = await Promise.all([
      (await db.select().from(facilities).where(eq(facilities.ID, 1)))[0].time_zone,
      (await db.select().from(facilities).where(eq(facilities.ID, 6)))[0].time_zone,
    ]);
    expect([ny, la]).toEqual(['America/New_York', 'America/Los_Angeles']);
    // 23:30 in New York and 22:00 in Los Angeles on 3/10 are both 3/11 in UTC; 00:30 on 3/11 in New York is 3/11.
    const lateNy = await at(1, ny, '2026-03-10 23:30');
    const lateLa = await at(6, la, '2026-03-10 22:00');
    const nextNy = await at(1, ny, '2026-03-11 00:30');
    const listed = async (query: string) => ((await ok(t.admin, 'GET', `/refunds?${query}`)) as Array<{ ID: number; facility: { time_zone: string } }>)
      .map((r) => r.ID).filter((id) => [lateNy, lateLa, nextNy].includes(id)).sort((a, b) => a - b);
    expect(await listed('from=2026-03-10&to=2026-03-10')).toEqual([lateNy, lateLa]);
    expect(await listed('from=2026-03-11&to=2026-03-11')).toEqual([nextNy]);
    expect(await listed('from=2026-03-11')).toEqual([nextNy]);
    expect(await listed('to=2026-03-10')).toEqual([lateNy, lateLa]);
    expect((await ctx.api(t.admin, 'GET', '/refunds?from=2026-02-30')).statusCode).toBe(400);
    expect((await ok(t.admin, 'GET', '/refunds?from=2026-03-10&to=2026-03-10'))[0].facility.time_zone).toEqual(expect.any(String));
  });
});


