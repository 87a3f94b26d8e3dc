import { CUSTOMER_TYPE_ADULT, PRODUCT_TYPE } from '../../../../core/constants';
import { customers, eplayers, families, memberships, suspensions } from '../../schema';
import { facilityPrices, PRODUCT, productById } from '../catalog';
import { FACILITIES, type DemoFacility } from '../facilities';
import { DAY, dayOf } from './calendar';
import type { DemoContext } from './context';
import { ADULT_FIRST_NAMES, KID_FIRST_NAMES, LAST_NAMES, STREETS } from './names';

// Customers in households: adults, some with children (their email is the parent's plus '##' and
// their own ID, spec 1 §4), family links, memberships with their invoices, suspensions, e-players.

/** Customer type of children; adults created by staff are CUSTOMER_TYPE_ADULT (1). */
const CUSTOMER_TYPE_KID = 2;
const FOULS = ['Red card', 'Violent conduct', 'Abusive language', 'Unpaid fines'];
const NOTES = ['Prefers evening bookings', 'Asked for invoices by email', 'Team captain in the past', 'Allergic to latex'];

const slug = (s: string) => s.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '');

/** The email of a child: the parent's, '##', and the child's ID. */
export const childEmail = (parentEmail: string, childId: number) => `${parentEmail}##${childId}`;

export async function seedCustomers(ctx: DemoContext, windowStart: number): Promise<void> {
  let made = 0;
  while (made < ctx.plan.customers) {
    made += household(ctx, windowStart);
    await ctx.writer.checkpoint();
  }
}

function household(ctx: DemoContext, windowStart: number): number {
  const { rng, writer, now, people } = ctx;
  const facility = rng.weighted(FACILITIES.map((f) => [f, f.weight] as const));
  const gender = rng.pick(['Male', 'Female'] as const);
  const first = rng.pick(ADULT_FIRST_NAMES[gender]);
  const last = rng.pick(LAST_NAMES);
  const created = Math.min(now - DAY, windowStart - rng.int(0, 400) * DAY);
  const today = dayOf(now);

  const ID = writer.nextId(customers);
  const email = `${slug(first)}.${slug(last)}${ID}@example.com`;
  const phone = `+1${rng.pick(facility.areaCodes)}555${String(rng.int(0, 9999)).padStart(4, '0')}`;
  writer.add(customers, {
    ID, first_name: first, last_name: last, email, phone,
    address: `${rng.int(1, 999)} ${rng.pick(STREETS)}, ${facility.city}`, state: facility.state, country: 'US',
    birthdate: (today - rng.int(18 * 365, 60 * 365)) * DAY, gender, facility_id: facility.ID, customer_type_id: CUSTOMER_TYPE_ADULT,
    credits: rng.chance(0.05) ? rng.int(1, 10) * 1000 : 0, note: rng.chance(0.1) ? rng.pick(NOTES) : '',
    waiver_signed: rng.chance(0.7), deleted_at: rng.chance(0.01) ? created + rng.int(30, 300) * DAY : null,
    CreatedAt: created, UpdatedAt: created,
  });
  people.addAdult(facility.ID, ID, email);
  let made = 1;

  if (rng.chance(0.02)) {
    const from = now - rng.int(0, 120) * DAY;
    writer.add(suspensions, {
      customer_id: ID, from, until: from + rng.int(7, 60) * DAY, foul: rng.pick(FOULS), notes: 'Reported by the referee',
      CreatedAt: from, UpdatedAt: from,
    });
  }
  if (rng.chance(facility.ID === 1 ? 0.12 : 0.03)) {
    const eplayer = writer.add(eplayers, {
      customer_id: ID, console_id: `${first}${last.replace(/\W/g, '')}${rng.int(10, 999)}`, console: rng.pick(['PS4', 'XBOX'] as const),
      discord_username: `${slug(first)}_${rng.int(1000, 9999)}`, CreatedAt: created, UpdatedAt: created,
    });
    people.add('eplayer', facility.ID, eplayer);
  }
  if (rng.chance(0.2)) membership(ctx, facility, ID, ID, created);

  if (rng.chance(0.35)) {
    for (let k = rng.int(1, 2); k > 0; k--) {
      const kidGender = rng.pick(['Boy', 'Girl'] as const);
      const kid = writer.nextId(customers);
      writer.add(customers, {
        ID: kid, first_name: rng.pick(KID_FIRST_NAMES[kidGender]), last_name: last, email: childEmail(email, kid), parent_email: email,
        is_kid: true, birthdate: (today - rng.int(4 * 365, 15 * 365)) * DAY, gender: kidGender, facility_id: facility.ID,
        customer_type_id: CUSTOMER_TYPE_KID, waiver_signed: rng.chance(0.8), CreatedAt: created, UpdatedAt: created,
      });
      writer.add(families, { parent_id: ID, child_id: kid, relation: gender === 'Male' ? 'Father' : 'Mother', CreatedAt: created, UpdatedAt: created });
      people.addKid(facility.ID, kid, ID);
      if (rng.chance(0.35)) membership(ctx, facility, kid, ID, created);
      made++;
    }
  }
  return made;
}

/** A membership held by `holder`, bought by `payer` some time after `since`, with its invoice unless free. */
function membership(ctx: DemoContext, facility: DemoFacility, holder: number, payer: number, since: number): void {
  const { rng, writer, ledger, now } = ctx;
  const product = productById(rng.chance(0.8) ? PRODUCT.ANNUAL_MEMBERSHIP : PRODUCT.MONTHLY_MEMBERSHIP);
  const bought = rng.int(since, now - DAY);
  const is_free = rng.chance(0.05);
  writer.add(memberships, {
    sub_customer_id: holder, member_customer_id: payer, valid_until: bought + product.duration!, is_free,
    new_product_id: product.ID, facility_id: facility.ID, CreatedAt: bought, UpdatedAt: bought,
  });
  if (is_free) return;
  const bill = ledger.invoice({
    facilityId: facility.ID, customer_id: payer, product_type_id: PRODUCT_TYPE.MEMBERSHIP, date: bought,
    items: [{ productId: product.ID, price: facilityPrices(product, facility.ID).base_price }],
  });
  ledger.settle(bill, bought, bought);
}
