import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { ELIGIBILITY_REASONS } from '../../core/validation/offeringEligibility';
import { attendees, discountApplications, invoiceItems, invoices, memberships, payments, productVariations } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { createClass, registration } from './support/classes';
import { portal, signedInFamily } from './support/portal';

// What an online registration costs (issue 44 items 3 and 6), on both databases: the facility's sibling
// discount on a hold's quote and its checkout's invoice, as the front desk applies it (two and three
// siblings, no rule, a rule at 0, a family with a child already registered), and a required membership
// bought with the registration on the same invoice, all or nothing (refused where the facility sells none).

let ctx: TestContext;
let admin: string;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
let serial = 0;
const key = () => `prices-test-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const cents = (dollars: number) => Math.round(dollars * 100);
const setRule = async (facility: number, rule: { enabled: boolean; second_percent: number; later_percent: number }) =>
  expect((await ctx.api(admin, 'PUT', `/facility/${facility}/sibling_discount`, rule)).statusCode).toBe(200);

/** A family signed in at `facility` with `kids` children (the first made by signedInFamily, the rest added from the portal). */
async function familyOf(kids: number, facility = 1) {
  const fam = await signedInFamily(ctx, admin, facility);
  const children = [fam.childId];
  for (let i = 1; i < kids; i += 1) {
    const res = await portal(ctx, fam.token, 'POST', '/children', { first_name: `Kid${i}`, last_name: 'Sibling', birth_date: `201${i}-03-04`, gender: 'Boy' });
    expect(res.statusCode, res.body).toBe(201);
    children.push(res.json().ID);
  }
  return { ...fam, children };
}

const campAt = (facility = 1, overrides: Record<string, unknown> = {}) =>
  createClass(ctx, admin, { name: `Youth Camp ${++serial}`, new_product_id: PRODUCT.CAMP, facility_id: facility, max_kids: 6, ...overrides });
const hold = async (token: string, classId: number, participant_ids: number[]) => {
  const res = await portal(ctx, token, 'POST', '/holds', { offering: { type: 'class', id: classId }, participant_ids });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const checkout = (token: string, holdId: number, source_id = VISA) => portal(ctx, token, 'POST', `/holds/${holdId}/checkout`, { idempotency_key: key(), source_id });
const discountsOf = (invoiceId: number) => ctx.database.db.select({ amount: discountApplications.amount, comment: discountApplications.comment })
  .from(discountApplications).where(eq(discountApplications.invoice_id, invoiceId)).orderBy(discountApplications.ID);
const linesOf = (invoiceId: number) => ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoiceId)).orderBy(invoiceItems.ID);

describe('the sibling discount in the portal', () => {
  it('two siblings: the second takes the rule\'s percent, shown on the hold with why, and the invoice carries it as the front desk does', async () => {
    await setRule(1, { enabled: true, second_percent: 10, later_percent: 20 });
    const fam = await familyOf(2);
    const camp = await campAt();
    const made = await hold(fam.token, camp.ID, fam.children);
    const price = made.lines[0].price;
    const off = Math.round(cents(price) * 0.1);
    expect(made.lines).toEqual([
      { customer_id: fam.children[0], price, discount: null },
      { customer_id: fam.children[1], price, discount: { position: 2, percent: 10, amount: off / 100, reason: 'Sibling discount: 2nd child −10%' } },
    ]);
    expect(made.discounts).toBe(off / 100);
    expect(made.memberships).toEqual([]);
    expect(cents(made.total)).toBe(2 * cents(price) + cents(made.taxes) + cents(made.fees) - off);

    const res = await checkout(fam.token, made.ID);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({ amount: made.total, balance: 0 });
    expect(await discountsOf(paid.invoice_id)).toEqual([{ amount: off, comment: 'Sibling discount: 2nd child −10%' }]);
    const [line] = await linesOf(paid.invoice_id);
    expect(line).toMatchObject({ quantity: 2, price: cents(price) });
    // Taxes and fees on the lines as before the discount: the hold's.
    expect([line.amount_taxes, line.amount_fees]).toEqual([cents(made.taxes), cents(made.fees)]);
    expect(JSON.stringify((await portal(ctx, fam.token, 'GET', `/invoices/${paid.invoice_id}`)).json())).toContain('Sibling discount: 2nd child −10%');

    // The front desk registering another family's two children at the same price gives the same discount.
    const desk = await familyOf(2);
    const invoiceIds: number[] = [];
    for (const child of desk.children) {
      const staff = await ctx.api(admin, 'POST', '/class/registration', registration(camp.ID, child, price));
      expect(staff.statusCode, staff.body).toBe(201);
      invoiceIds.push(staff.json().invoice_id);
    }
    expect(await discountsOf(invoiceIds[1])).toEqual(await discountsOf(paid.invoice_id));
    expect((await linesOf(invoiceIds[1]))[0]).toMatchObject({ price: line.price, taxes: line.taxes, fees: line.fees });
  });

  it('a paid hold shows what was charged, not a new quote: its lines and discount, the invoice\'s taxes, total and payments, though the rule and the price changed since', async () => {
    await setRule(1, { enabled: true, second_percent: 10, later_percent: 20 });
    const fam = await familyOf(2);
    const camp = await campAt();
    const made = await hold(fam.token, camp.ID, fam.children);
    const paid = (await checkout(fam.token, made.ID)).json();
    expect(paid.balance).toBe(0);
    // Since: the rule is off, the camp costs more, and the front desk takes $5 off the invoice.
    await setRule(1, { enabled: false, second_percent: 0, later_percent: 0 });
    expect((await ctx.api(admin, 'PUT', `/class/${camp.ID}`, { fee: 999 })).statusCode).toBeLessThan(300);
    expect((await portal(ctx, fam.token, 'GET', `/offerings?facility_id=1`)).json().find((o: { ID: number; type: string }) => o.ID === camp.ID && o.type === 'class').price).toBe(999);
    await ctx.database.db.insert(discountApplications).values({ invoice_id: paid.invoice_id, amount: 500, comment: 'Goodwill' });

    const shown = await portal(ctx, fam.token, 'GET', `/holds/${made.ID}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      status: 'done', invoice_id: paid.invoice_id, lines: made.lines, memberships: [], taxes: made.taxes, fees: made.fees,
      discounts: (cents(made.discounts) + 500) / 100, total: (cents(made.total) - 500) / 100, paid: made.total,
    });
  });

  it('three siblings: the third takes the later percent', async () => {
    await setRule(1, { enabled: true, second_percent: 10, later_percent: 20 });
    const fam = await familyOf(3);
    const made = await hold(fam.token, (await campAt()).ID, fam.children);
    const price = cents(made.lines[0].price);
    expect(made.lines.map((l: { discount: { position: number; amount: number; reason: string } | null }) => l.discount && [l.discount.position, cents(l.discount.amount), l.discount.reason])).toEqual([
      null, [2, Math.round(price * 0.1), 'Sibling discount: 2nd child −10%'], [3, Math.round(price * 0.2), 'Sibling discount: 3rd child −20%'],
    ]);
    const paid = (await checkout(fam.token, made.ID)).json();
    expect(paid.balance).toBe(0);
    expect(await discountsOf(paid.invoice_id)).toEqual([
      { amount: Math.round(price * 0.1), comment: 'Sibling discount: 2nd child −10%' },
      { amount: Math.round(price * 0.2), comment: 'Sibling discount: 3rd child −20%' },
    ]);
  });

  it('a family with a child already registered at the front desk: the portal\'s children come second and third', async () => {
    await setRule(1, { enabled: true, second_percent: 10, later_percent: 20 });
    const fam = await familyOf(3);
    const camp = await campAt();
    const first = await ctx.api(admin, 'POST', '/class/registration', registration(camp.ID, fam.children[0], 300));
    expect(first.statusCode, first.body).toBe(201);
    expect(await discountsOf(first.json().invoice_id)).toEqual([]);
    const made = await hold(fam.token, camp.ID, fam.children.slice(1));
    expect(made.lines.map((l: { discount: { position: number } | null }) => l.discount?.position)).toEqual([2, 3]);
    const paid = (await checkout(fam.token, made.ID)).json();
    expect((await discountsOf(paid.invoice_id)).map((d) => d.comment)).toEqual(['Sibling discount: 2nd child −10%', 'Sibling discount: 3rd child −20%']);
    expect(paid.balance).toBe(0);
  });

  it('no discount where the facility has no rule, or its rule is at 0', async () => {
    expect((await ctx.api(admin, 'GET', '/facility/3/sibling_discount')).json()).toMatchObject({ enabled: false });
    const none = await familyOf(2, 3);
    const noRule = await hold(none.token, (await campAt(3)).ID, none.children);
    expect(noRule.lines.map((l: { discount: unknown }) => l.discount)).toEqual([null, null]);
    expect(noRule.discounts).toBe(0);
    const unruled = (await checkout(none.token, noRule.ID)).json();
    expect(await discountsOf(unruled.invoice_id)).toEqual([]);
    expect(unruled).toMatchObject({ amount: noRule.total, balance: 0 });

    await setRule(1, { enabled: true, second_percent: 0, later_percent: 0 });
    const zero = await familyOf(3);
    const atZero = await hold(zero.token, (await campAt()).ID, zero.children);
    expect(atZero.lines.map((l: { discount: unknown }) => l.discount)).toEqual([null, null, null]);
    expect(cents(atZero.total)).toBe(3 * cents(atZero.lines[0].price) + cents(atZero.taxes) + cents(atZero.fees));
    const zeroPaid = (await checkout(zero.token, atZero.ID)).json();
    expect(await discountsOf(zeroPaid.invoice_id)).toEqual([]);
  });
});

describe('a membership bought with the registration', () => {
  it('adds the facility\'s cheapest membership to the hold and the invoice, made with the registration; a declined card makes none', async () => {
    const fam = await familyOf(1, 2);
    const cls = await campAt(2, { require_membership: true });
    const free = await campAt(2);
    const offered = (await portal(ctx, fam.token, 'GET', '/offerings?facility_id=2')).json() as Array<{ ID: number; type: string; [k: string]: any }>;
    const listed = offered.find((o) => o.ID === cls.ID && o.type === 'class')!;
    // The cheapest membership at the facility: the monthly one; the child may register (it is bought with it).
    expect(listed).toMatchObject({ membership_required: true, membership_price: 10 });
    expect(offered.find((o) => o.ID === free.ID && o.type === 'class')).toMatchObject({ membership_required: false, membership_price: null });
    expect(listed.eligibility.find((e: { customer_id: number }) => e.customer_id === fam.childId)).toEqual({ customer_id: fam.childId, eligible: true, reason: null });
    const made = await hold(fam.token, cls.ID, [fam.childId]);
    expect(made.memberships).toEqual([{ customer_id: fam.childId, product_id: PRODUCT.MONTHLY_MEMBERSHIP, name: 'Monthly Membership', price: 10 }]);
    // The class's line and the membership's ($10, its product's 3 % card fee, no tax).
    expect(cents(made.total)).toBe(cents(made.lines[0].price) + 1000 + cents(made.taxes) + cents(made.fees));

    const declined = await checkout(fam.token, made.ID, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(await ctx.database.db.select().from(memberships).where(eq(memberships.sub_customer_id, fam.childId))).toEqual([]);
    expect(await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID))).toEqual([]);

    const before = nowSeconds();
    const res = await checkout(fam.token, made.ID);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({ amount: made.total, balance: 0 });
    const lines = await linesOf(paid.invoice_id);
    expect(lines.map((l) => [l.new_product_id, l.price, l.quantity])).toEqual([[PRODUCT.CAMP, cents(made.lines[0].price), 1], [PRODUCT.MONTHLY_MEMBERSHIP, 1000, 1]]);
    expect([lines[1].amount_taxes, lines[1].amount_fees]).toEqual([0, 30]);
    const [bought] = await ctx.database.db.select().from(memberships).where(eq(memberships.sub_customer_id, fam.childId));
    expect(bought).toMatchObject({ member_customer_id: fam.holderId, new_product_id: PRODUCT.MONTHLY_MEMBERSHIP, is_free: false, facility_id: 2 });
    expect(bought.valid_until).toBeGreaterThanOrEqual(before + 30 * 86400);
    expect((await portal(ctx, fam.token, 'GET', '/me')).json().memberships).toEqual([expect.objectContaining({ customer_id: fam.childId, active: true })]);

    // Held now: the next class requiring one adds none.
    const next = await hold(fam.token, (await campAt(2, { require_membership: true })).ID, [fam.childId]);
    expect(next.memberships).toEqual([]);
    expect(cents(next.total)).toBe(cents(next.lines[0].price) + cents(next.taxes) + cents(next.fees));
  });

  it('keeps the refusal where the facility sells no membership (409, the hold kept)', async () => {
    await ctx.database.db.update(productVariations).set({ available: false })
      .where(and(eq(productVariations.facility_id, 3), inArray(productVariations.new_product_id, [PRODUCT.ANNUAL_MEMBERSHIP, PRODUCT.MONTHLY_MEMBERSHIP])));
    const fam = await familyOf(1, 3);
    const cls = await campAt(3, { require_membership: true });
    const listed = (await portal(ctx, fam.token, 'GET', '/offerings?facility_id=3')).json().find((o: { ID: number; type: string }) => o.ID === cls.ID && o.type === 'class');
    expect(listed).toMatchObject({ membership_required: true, membership_price: null });
    expect(listed.eligibility.find((e: { customer_id: number }) => e.customer_id === fam.childId).reason).toBe(ELIGIBILITY_REASONS.membership);
    const made = await hold(fam.token, cls.ID, [fam.childId]);
    expect(made.memberships).toEqual([]);
    const refused = await checkout(fam.token, made.ID);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OFFERING_MESSAGES.membership);
    expect((await portal(ctx, fam.token, 'GET', `/holds/${made.ID}`)).json().status).toBe('held');
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.class_id, cls.ID))).toEqual([]);
    expect(await ctx.database.db.select().from(payments).innerJoin(invoices, eq(invoices.ID, payments.invoice_id)).where(eq(invoices.customer_id, fam.holderId))).toEqual([]);
  });
});
