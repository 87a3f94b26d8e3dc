import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Offering } from '../../../core/api/portalOfferings';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { classIneligibility, divisionIneligibility, ELIGIBILITY_REASONS, type Member } from '../../../core/validation/offeringEligibility';
import type { PortalUser } from '../../auth/portalSession';
import type { Db } from '../../db/client';
import {
  ageGroups, attendees, classes, customers, events, facilities, fieldTypes, fields, leagues, pickupSessions, portalHolds, portalWaitlists, productVariations, waitlists,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { eventsLeftColumn, priceOf, productsOf } from '../classes/access';
import { facilityZone } from '../events/access';
import { liveHold } from '../classes/seats';
import { leaguePricesAt, productPricesAt, teamsCount } from '../leagues/access';
import { facilityMembership } from '../memberships/sale';
import { withoutMembership } from './holdPrice';
import { familyIds } from './family';
import { takenOfGame } from './pickupGames';
import { pickupPrice } from './pickupHolds';
import { rentalOfferings } from './rentalHolds';

// What a facility has open for online registration now (issue 44 item 1), for the signed-in family:
// classes and camps (available online, registration window open), league and tournament divisions (the
// team entry, and the individual one where enabled), pickup sessions with their coming slots. Each with
// its price now by the staff side's rules (a class's prorated price, a division's early bird inside its
// window and deposit), seats left (capacity − registered − live holds) and each member's eligibility;
// and the field types rented online (./rentalHolds.ts).

const DAY = 86400;
/** How far ahead a pickup session's slots are listed. */
const PICKUP_DAYS = 14;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Eligibility = Offering['eligibility'][number];
/** An offering before the facility's membership price is added. */
type Listed = Omit<Offering, 'membership_price'>;
type Person = Member & { ID: number };

const verdict = (customer_id: number, reason: string | null): Eligibility => ({ customer_id, eligible: reason === null, reason });

/** Registration is open at `now` for a row with a window. */
const windowOpen = (table: typeof classes | typeof leagues, now: number) => and(
  or(isNull(table.registration_start_date), lte(table.registration_start_date, now)),
  or(isNull(table.registration_end_date), gte(table.registration_end_date, now)),
  gte(table.end_date, now),
);

async function classOfferings(db: Db, facilityId: number, family: Person[], unmembered: Set<number>, now: number): Promise<Listed[]> {
  const rows = await db.select({ cls: classes, eventsLeft: eventsLeftColumn(sql`${classes.ID}`) }).from(classes)
    .where(and(eq(classes.facility_id, facilityId), eq(classes.available_online, true), eq(classes.is_container, false), windowOpen(classes, now)))
    .orderBy(asc(classes.start_date), asc(classes.ID));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.cls.ID);
  const memberIds = family.map((m) => m.ID);
  const held = await db.select({ class_id: portalHolds.class_id, seats: sql<number>`sum(${portalHolds.seats})::int` }).from(portalHolds)
    .where(and(inArray(portalHolds.class_id, ids), liveHold(now))).groupBy(portalHolds.class_id);
  const productOfClass = await productsOf(db, ids);
  const taken = await db.select({ class_id: attendees.class_id, customer_id: attendees.customer_id }).from(attendees)
    .where(and(inArray(attendees.class_id, ids), inArray(attendees.customer_id, memberIds)));
  const waiting = await db.select({ class_id: waitlists.class_id, customer_id: waitlists.customer_id }).from(waitlists)
    .where(and(inArray(waitlists.class_id, ids), inArray(waitlists.customer_id, memberIds)));
  const offerings: Listed[] = [];
  const heldSeats = new Map(held.map((h) => [h.class_id, Number(h.seats)]));
  const pairs = (list: Array<{ class_id: number; customer_id: number }>) => new Set(list.map((r) => `${r.class_id}:${r.customer_id}`));
  const [registered, waitingOn] = [pairs(taken), pairs(waiting)];
  for (const { cls, eventsLeft } of rows) {
    // priceNow's reading, from the rows read above.
    const price = priceOf(cls, productOfClass.get(cls.ID) ?? null, eventsLeft);
    const seatsLeft = Math.max(0, cls.max_kids - cls.attendee_count - (heldSeats.get(cls.ID) ?? 0));
    const has = (list: Set<string>, id: number) => list.has(`${cls.ID}:${id}`);
    offerings.push({
      type: cls.is_camp ? 'camp' : 'class', ID: cls.ID, name: cls.name, description: cls.description, facility_id: cls.facility_id,
      start_date: cls.start_date, end_date: cls.end_date, registration_end_date: cls.registration_end_date, registration: 'participant',
      price: toDollars(price.price), price_rule: price.price !== price.base ? 'prorated' : 'regular', regular_price: toDollars(price.base), early_bird_until: null,
      deposit: null, membership_required: cls.require_membership, seats_left: seatsLeft, capacity: cls.max_kids, waitlist_open: seatsLeft === 0, slots: [],
      eligibility: family.map((m) => verdict(m.ID, has(registered, m.ID) ? ELIGIBILITY_REASONS.registered : has(waitingOn, m.ID) ? ELIGIBILITY_REASONS.waiting
        : cls.require_membership && unmembered.has(m.ID) ? ELIGIBILITY_REASONS.membership : classIneligibility(cls, m, cls.start_date))),
    });
  }
  return offerings;
}

async function divisionOfferings(db: Db, facilityId: number, family: Person[], unmembered: Set<number>, now: number): Promise<Listed[]> {
  // The places offered to its waitlist are taken as its teams' are.
  const offers = sql<number>`(select count(*)::int from ${portalWaitlists} where ${portalWaitlists.league_id} = ${leagues.ID} and ${portalWaitlists.offered_until} > ${now})`;
  const rows = await db.select({ league: leagues, age_group: ageGroups.name, teams: teamsCount(sql`${leagues.ID}`), offers }).from(leagues)
    .leftJoin(ageGroups, eq(ageGroups.ID, leagues.age_group_id))
    .where(and(eq(leagues.facility_id, facilityId), eq(leagues.available_online, true), eq(leagues.is_container, false), eq(leagues.force_close, false), windowOpen(leagues, now)))
    .orderBy(asc(leagues.start_date), asc(leagues.ID));
  const pricesOf = await leaguePricesAt(db, rows.map((r) => r.league), facilityId);
  // The deposit and individual price of the product at the facility, whatever variation the league names.
  const atFacility = await productPricesAt(db, [...new Set(rows.flatMap((r) => r.league.new_product_id ? [r.league.new_product_id] : []))], facilityId);
  const offerings: Listed[] = [];
  for (const { league, age_group, teams, offers: offered } of rows) {
    const { full, earlyBird } = pricesOf(league);
    const extra = league.new_product_id ? atFacility.get(league.new_product_id) : undefined;
    const early = league.enable_early_bird && earlyBird > 0 && (league.early_bird_start_date ?? 0) <= now && (league.early_bird_end_date ?? Infinity) >= now;
    const eligibility = family.map((m) => verdict(m.ID, league.require_membership && unmembered.has(m.ID)
      ? ELIGIBILITY_REASONS.membership : divisionIneligibility({ age_group, gender: league.gender }, m, league.start_date)));
    const base = {
      ID: league.ID, name: league.name, description: league.description, facility_id: league.facility_id, start_date: league.start_date, end_date: league.end_date,
      registration_end_date: league.registration_end_date, type: league.tournament_id !== null || league.is_tournament ? 'tournament' as const : 'league' as const,
      membership_required: league.require_membership, slots: [], eligibility,
    };
    if (league.enable_team) {
      const left = Math.max(0, league.max_teams - Number(teams) - Number(offered));
      offerings.push({
        ...base, registration: 'team', price: toDollars(early ? earlyBird : full), price_rule: early ? 'early_bird' : 'regular', regular_price: toDollars(full),
        early_bird_until: early ? league.early_bird_end_date : null, deposit: league.enable_deposit && extra && extra.deposit > 0 ? toDollars(extra.deposit) : null,
        seats_left: left, capacity: league.max_teams, waitlist_open: left === 0,
      });
    }
    if (league.enable_individual) {
      const individual = extra?.individual ?? 0;
      offerings.push({
        ...base, registration: 'individual', price: toDollars(individual), price_rule: 'regular', regular_price: toDollars(individual), early_bird_until: null,
        deposit: null, seats_left: null, capacity: null, waitlist_open: false,
      });
    }
  }
  return offerings;
}

async function pickupOfferings(db: Db, facilityId: number, family: Person[], now: number): Promise<Listed[]> {
  const sessions = await db.select({ session: pickupSessions, field: fields.name, capacity: sql<number>`coalesce(${fieldTypes.capacity}, 0)`, variation: productVariations })
    .from(pickupSessions).innerJoin(fields, eq(fields.ID, pickupSessions.field_id)).leftJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id)).leftJoin(productVariations, eq(productVariations.ID, pickupSessions.product_id))
    .where(eq(pickupSessions.facility_id, facilityId)).orderBy(asc(pickupSessions.day), asc(pickupSessions.time), asc(pickupSessions.ID));
  if (!sessions.length) return [];
  const taken = takenOfGame(events.ID, now);
  const slots = await db.select({ contract_id: events.contract_id, ID: events.ID, start_date: events.start_date, end_date: events.end_date, taken }).from(events)
    .where(and(inArray(events.contract_id, sessions.map((s) => s.session.contract_id)), gt(events.start_date, now), lte(events.start_date, now + PICKUP_DAYS * DAY)))
    .orderBy(asc(events.start_date));
  const time_zone = await facilityZone(db, facilityId);
  return sessions.flatMap(({ session, field, capacity, variation }) => {
    const mine = slots.filter((s) => s.contract_id === session.contract_id);
    if (!mine.length) return [];
    const price = toDollars(pickupPrice(variation));
    const hh = Math.floor(session.time);
    const mm = String(Math.round((session.time - hh) * 60)).padStart(2, '0');
    return [{
      type: 'pickup' as const, ID: session.ID, name: `Pickup ${WEEKDAYS[session.day]} ${hh}:${mm} — ${field}`, description: '', facility_id: session.facility_id,
      start_date: mine[0].start_date, end_date: mine.at(-1)!.end_date, registration_end_date: null, registration: 'participant' as const,
      price, price_rule: 'regular' as const, regular_price: price, early_bird_until: null, deposit: null, membership_required: false,
      seats_left: null, capacity: Number(capacity) || null, waitlist_open: false, time_zone,
      slots: mine.map((s) => {
        const left = Number(capacity) > 0 ? Math.max(0, Number(capacity) - Number(s.taken)) : null;
        return { event_id: s.ID, start_date: s.start_date, end_date: s.end_date, seats_left: left, waitlist_open: left === 0 };
      }),
      eligibility: family.map((m) => verdict(m.ID, null)),
    }];
  });
}

/** GET /portal/offerings?facility_id. */
export async function listOfferings(db: Db, holder: PortalUser, facilityId: number): Promise<Offering[]> {
  const [facility] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facilityId));
  if (!facility) throw notFound('Facility');
  const now = nowSeconds();
  const ids = await familyIds(db, holder);
  const people = await db.select({ ID: customers.ID, is_kid: customers.is_kid, email: customers.email, birthdate: customers.birthdate, gender: customers.gender })
    .from(customers).where(inArray(customers.ID, ids));
  const family = ids.flatMap((id) => people.filter((p) => p.ID === id).map((p) => ({ ...p, email: p.email ?? '' })));
  const unmembered = new Set(await withoutMembership(db, ids, now));
  const membership = (await facilityMembership(db, facilityId))?.price ?? null;
  // A registration (a class's, a division's) adds the membership where the facility sells one: no one is refused for it.
  const refused = membership === null ? unmembered : new Set<number>();
  const offerings = [
    ...await classOfferings(db, facilityId, family, refused, now),
    ...await divisionOfferings(db, facilityId, family, refused, now),
    ...await pickupOfferings(db, facilityId, family, now),
    ...await rentalOfferings(db, facilityId, family, holder.customer_id, now),
  ];
  return offerings.map((o) => ({ ...o, membership_price: o.membership_required && membership !== null ? toDollars(membership) : null }));
}
