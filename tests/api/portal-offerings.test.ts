import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import { ELIGIBILITY_REASONS } from '../../core/validation/offeringEligibility';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { createClass, DAY, MARACANA, registration, slot } from './support/classes';
import { insertCustomer } from './support/customers';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { onlineDivision } from './support/portalTeams';

// The offerings' prices (issue 44 item 9), read for all classes and divisions at once, on both
// databases: each equals what the staff side shows as its price now — a class's price on its page
// (GET /class/{id}: fixed, own fee, prorated by its events left, membership required), a division's
// fees on its page (GET /league/{id}: early bird inside and outside its window, deposit).

let ctx: TestContext;
let admin: string;
let family: PortalFamily;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

const staffPage = async (path: string) => {
  const res = await ctx.api(admin, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const offerings = async () => {
  const res = await portal(ctx, family.token, 'GET', '/offerings?facility_id=1');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<Record<string, any>>;
};

describe('offerings priced together', () => {
  it('prices each class as its staff page does', async () => {
    const fixed = await createClass(ctx, admin, { new_product_id: PRODUCT.CAMP, is_camp: true });
    const ownFee = await createClass(ctx, admin, { new_product_id: PRODUCT.CAMP, fee: 125.5 });
    const member = await createClass(ctx, admin, { new_product_id: PRODUCT.LIL_KICKERS, require_membership: true });
    // Youth Class Season: $240, $30 an event, prorated — three events to come make it $90.
    const prorated = await createClass(ctx, admin);
    for (let w = 0; w < 3; w++) {
      const res = await ctx.api(admin, 'POST', '/class/event', { class_id: prorated.ID, field_id: MARACANA, ...slot(60 + w, 18) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = await offerings();
    const expected = { [fixed.ID]: 300, [ownFee.ID]: 125.5, [member.ID]: 0, [prorated.ID]: 90 };
    for (const cls of [fixed, ownFee, member, prorated]) {
      const { price } = await staffPage(`/class/${cls.ID}`);
      const offer = list.find((o) => o.ID === cls.ID && (o.type === 'class' || o.type === 'camp'))!;
      expect(price.price).toBe(expected[cls.ID]);
      expect({ price: offer.price, regular_price: offer.regular_price }).toEqual({ price: price.price, regular_price: price.base });
      expect(offer.price_rule).toBe(price.price === price.base ? 'regular' : 'prorated');
    }
    expect(list.find((o) => o.ID === member.ID && o.type === 'class')!.membership_required).toBe(true);
  });

  it('prices each division as its staff page does: early bird inside and outside its window, deposit', async () => {
    const now = nowSeconds();
    const early = await onlineDivision(ctx, admin, { enable_early_bird: true, early_bird_start_date: now - DAY, early_bird_end_date: now + 5 * DAY, enable_deposit: true });
    const past = await onlineDivision(ctx, admin, { enable_early_bird: true, early_bird_start_date: now - 9 * DAY, early_bird_end_date: now - DAY });
    const youth = await onlineDivision(ctx, admin, { new_product_id: PRODUCT.YOUTH_LEAGUE, enable_deposit: true });
    const list = await offerings();
    const team = (id: number) => list.find((o) => o.ID === id && o.registration === 'team')!;
    const fees = async (id: number) => Object.fromEntries((await staffPage(`/league/${id}`)).fees.map((f: { kind: string; price: number }) => [f.kind, f.price]));

    const earlyFees = await fees(early.ID);
    expect(earlyFees).toEqual({ full: 1200, early_bird: 1050 });
    expect(team(early.ID)).toMatchObject({ price: earlyFees.early_bird, price_rule: 'early_bird', regular_price: earlyFees.full, early_bird_until: now + 5 * DAY, deposit: 300 });
    const pastFees = await fees(past.ID);
    expect(pastFees).toEqual({ full: 1200 });
    expect(team(past.ID)).toMatchObject({ price: pastFees.full, price_rule: 'regular', regular_price: pastFees.full, early_bird_until: null, deposit: null });
    const youthFees = await fees(youth.ID);
    expect(youthFees).toEqual({ full: 900 });
    expect(team(youth.ID)).toMatchObject({ price: youthFees.full, price_rule: 'regular', deposit: 200 });
  });

  it('shows each division\'s fee, deposit and individual price as its page does (GET /portal/divisions/{id}), the fee its registration charges', async () => {
    const now = nowSeconds();
    // An early bird without an end date is never charged (feeOptions): the full fee is shown.
    const open = await onlineDivision(ctx, admin, { enable_early_bird: true, enable_deposit: true, enable_individual: true });
    const early = await onlineDivision(ctx, admin, { enable_early_bird: true, early_bird_start_date: now - DAY, early_bird_end_date: now + 5 * DAY, enable_individual: true });
    const list = await offerings();
    for (const { ID } of [open, early]) {
      const res = await portal(ctx, family.token, 'GET', `/divisions/${ID}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      const team = list.find((o) => o.ID === ID && o.registration === 'team')!;
      const individual = list.find((o) => o.ID === ID && o.registration === 'individual')!;
      expect({ fee: team.price, early_bird: team.price_rule === 'early_bird', deposit: team.deposit, individual_price: individual.price })
        .toEqual({ fee: page.fee, early_bird: page.early_bird, deposit: page.deposit, individual_price: page.individual_price });
    }
    expect(list.find((o) => o.ID === open.ID && o.registration === 'team')).toMatchObject({ price: 1200, price_rule: 'regular', early_bird_until: null, deposit: 300 });
    expect(list.find((o) => o.ID === early.ID && o.registration === 'team')).toMatchObject({ price: 1050, price_rule: 'early_bird', deposit: null });
  });
});

describe('each member\'s registrations', () => {
  it('marks a child registered in a class or waiting for it, and only that child, only there', async () => {
    const taken = await createClass(ctx, admin, { name: 'Youth Skills taken', new_product_id: PRODUCT.CAMP, max_kids: 5 });
    const full = await createClass(ctx, admin, { name: 'Youth Skills full', new_product_id: PRODUCT.CAMP, max_kids: 1 });
    const open = await createClass(ctx, admin, { name: 'Youth Skills open', new_product_id: PRODUCT.CAMP, max_kids: 5 });
    expect((await ctx.api(admin, 'POST', '/class/registration', registration(taken.ID, family.childId, 10))).statusCode).toBe(201);
    const seated = await insertCustomer(ctx.database.db);
    expect((await ctx.api(admin, 'POST', '/class/registration', registration(full.ID, seated.ID, 10))).statusCode).toBe(201);
    const waiting = await portal(ctx, family.token, 'POST', '/waitlist', { offering: { type: 'class', id: full.ID }, participant_id: family.childId });
    expect(waiting.statusCode, waiting.body).toBe(201);
    // Another family's registration in the open class is not this family's.
    const other = await signedInFamily(ctx, admin);
    expect((await ctx.api(admin, 'POST', '/class/registration', registration(open.ID, other.childId, 10))).statusCode).toBe(201);

    const list = await offerings();
    const reason = (id: number) => list.find((o) => o.ID === id && o.type === 'class')!.eligibility
      .find((e: { customer_id: number }) => e.customer_id === family.childId);
    expect(reason(taken.ID)).toEqual({ customer_id: family.childId, eligible: false, reason: ELIGIBILITY_REASONS.registered });
    expect(reason(full.ID)).toEqual({ customer_id: family.childId, eligible: false, reason: ELIGIBILITY_REASONS.waiting });
    expect(reason(open.ID)).toEqual({ customer_id: family.childId, eligible: true, reason: null });
    // The holder (an adult: these classes are for children) keeps the class's own reason.
    const holder = list.find((o) => o.ID === taken.ID && o.type === 'class')!.eligibility.find((e: { customer_id: number }) => e.customer_id === family.holderId);
    expect(holder).toEqual({ customer_id: family.holderId, eligible: false, reason: ELIGIBILITY_REASONS.children });
  });
});
