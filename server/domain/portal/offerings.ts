import { and, asc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Offering } from '../../../core/api/portalOfferings';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { classIneligibility, divisionIneligibility, ELIGIBILITY_REASONS, type Member } from '../../../core/validation/offeringEligibility';
import type { PortalUser } from '../../auth/portalSession';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import {
  ageGroups, attendees, classes, customers, events, facilities, fieldTypes, fields, leagues, memberships, pickupSessions, portalHolds, portalWaitlists, productVariations, waitlists,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { eventsLeftColumn, priceOf, productsOf } from '../classes/access';
import { liveHold } from '../classes/seats';
import { leaguePricesAt, teamsCount } from '../leagues/access';
import { facilityMembership } from '../memberships/sale';
import { inFamily } from './family';
import { takenOfGame } from './pickupGames';
import { pickupPrice } from './pickupHolds';
import { rentalOfferings } from './rentalHolds';
import { divisionTerms } from './teams';

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
/** A family member, with the classes they are registered in or waiting for. */
type Person = Member & { ID: number; registered: Set<number>; waiting: Set<number> };

const verdict = (customer_id: number, reason: string | null): Eligibility => ({ customer_id, eligible: reason === null, reason });

// What a facility offers is read by prepared statements (server/db/prepared.ts), their facility and time
// placeholders: built once and, on PostgreSQL, parsed once per connection; planning them took longer than
// running them, and after five runs PostgreSQL keeps a generic plan for each but the classes' (whose
// custom plan it judges cheaper, so that one is still planned per call): bench/PORTAL.md.
const FACILITY = sql.placeholder('facility');
const NOW = sql.placeholder('now');

/** Registration is open at NOW for a row with a window. */
const windowOpen = (table: typeof classes | typeof leagues) => and(
  or(isNull(table.registration_start_date), lte(table.registration_start_date, NOW)),
  or(isNull(table.registration_end_date), gte(table.registration_end_date, NOW)),
  gte(table.end_date, NOW),
);

/** What the offerings read of a class (its price's fee, eligibility's name and properties, the wire's fields). */
const offeredClassColumns = {
  ID: classes.ID, name: classes.name, description: classes.description, facility_id: classes.facility_id, start_date: classes.start_date,
  end_date: classes.end_date, registration_end_date: classes.registration_end_date, is_camp: classes.is_camp, require_membership: classes.require_membership,
  max_kids: classes.max_kids, attendee_count: classes.attendee_count, fee: classes.fee, properties: classes.properties,
};

/**
 * The classes and camps open online, with their events to come and their live holds' seats (nested: see
 * takenOfGame). The flags are constants in the statement, not parameters: the partial index
 * classes_online_idx (migration 0034) then serves its custom plans.
 */
const offeredClasses = perDatabase((db) => db.select({
  cls: offeredClassColumns, eventsLeft: eventsLeftColumn(sql`${classes.ID}`, NOW),
  held: sql<number>`(${sql`(select coalesce(sum(${portalHolds.seats}), 0)::int from ${portalHolds} where ${portalHolds.class_id} = ${classes.ID} and ${liveHold(NOW)})`})`,
}).from(classes)
  .where(and(eq(classes.facility_id, FACILITY), sql`${classes.available_online}`, sql`not ${classes.is_container}`, windowOpen(classes)))
  .orderBy(asc(classes.start_date), asc(classes.ID))
  .prepare('portal_offered_classes'));

/** The divisions open online, with their age group's name and teams. */
// The places offered to a division's waitlist are taken as its teams' are.
const offersOf = sql<number>`(select count(*)::int from ${portalWaitlists} where ${portalWaitlists.league_id} = ${leagues.ID} and ${portalWaitlists.offered_until} > ${NOW})`;
const offeredDivisions = perDatabase((db) => db.select({ league: leagues, age_group: ageGroups.name, teams: teamsCount(sql`${leagues.ID}`), offers: offersOf }).from(leagues)
  .leftJoin(ageGroups, eq(ageGroups.ID, leagues.age_group_id))
  .where(and(eq(leagues.facility_id, FACILITY), eq(leagues.available_online, true), eq(leagues.is_container, false), eq(leagues.force_close, false), windowOpen(leagues)))
  .orderBy(asc(leagues.start_date), asc(leagues.ID))
  .prepare('portal_offered_divisions'));

/** The facility's time zone (prepared, as the others). */
const facilityZoneOf = perDatabase((db) => db.select({ ID: facilities.ID, time_zone: facilities.time_zone }).from(facilities)
  .where(eq(facilities.ID, FACILITY)).prepare('portal_facility_zone'));

/** The pickup sessions with their slots from NOW to `until`, one row a slot. */
const offeredPickup = perDatabase((db) => db.select({
  session: pickupSessions, field: fields.name, capacity: sql<number>`coalesce(${fieldTypes.capacity}, 0)`, variation: productVariations,
  slot: { ID: events.ID, start_date: events.start_date, end_date: events.end_date }, taken: takenOfGame(events.ID, NOW),
})
  .from(pickupSessions).innerJoin(fields, eq(fields.ID, pickupSessions.field_id)).leftJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id)).leftJoin(productVariations, eq(productVariations.ID, pickupSessions.product_id))
  .innerJoin(events, and(eq(events.contract_id, pickupSessions.contract_id), gt(events.start_date, NOW), lte(events.start_date, sql.placeholder('until'))))
  .where(eq(pickupSessions.facility_id, FACILITY))
  .orderBy(asc(pickupSessions.day), asc(pickupSessions.time), asc(pickupSessions.ID), asc(events.start_date), asc(events.ID))
  .prepare('portal_offered_pickup'));

async function classOfferings(db: Db, facilityId: number, family: Person[], unmembered: Set<number>, now: number): Promise<Listed[]> {
  const rows = await offeredClasses(db).execute({ facility: facilityId, now });
  const productOfClass = await productsOf(db, rows.map((r) => r.cls.ID));
  const offerings: Listed[] = [];
  for (const { cls, eventsLeft, held: heldSeats } of rows) {
    // priceNow's reading, from the rows read above.
    const price = priceOf(cls, productOfClass.get(cls.ID) ?? null, eventsLeft);
    const seatsLeft = Math.max(0, cls.max_kids - cls.attendee_count - Number(heldSeats));
    offerings.push({
      type: cls.is_camp ? 'camp' : 'class', ID: cls.ID, name: cls.name, description: cls.description, facility_id: cls.facility_id,
      start_date: cls.start_date, end_date: cls.end_date, registration_end_date: cls.registration_end_date, registration: 'participant',
      price: toDollars(price.price), price_rule: price.price !== price.base ? 'prorated' : 'regular', regular_price: toDollars(price.base), early_bird_until: null,
      deposit: null, membership_required: cls.require_membership, seats_left: seatsLeft, capacity: cls.max_kids, waitlist_open: seatsLeft === 0, slots: [],
      eligibility: family.map((m) => verdict(m.ID, m.registered.has(cls.ID) ? ELIGIBILITY_REASONS.registered : m.waiting.has(cls.ID) ? ELIGIBILITY_REASONS.waiting
        : cls.require_membership && unmembered.has(m.ID) ? ELIGIBILITY_REASONS.membership : classIneligibility(cls, m, cls.start_date))),
    });
  }
  return offerings;
}

async function divisionOfferings(db: Db, facilityId: number, family: Person[], unmembered: Set<number>, now: number): Promise<Listed[]> {
  const rows = await offeredDivisions(db).execute({ facility: facilityId, now });
  // One reading of the prices for all the divisions, whose terms are those of each division's own page.
  const pricesOf = await leaguePricesAt(db, rows.map((r) => r.league), facilityId);
  const offerings: Listed[] = [];
  for (const { league, age_group, teams, offers } of rows) {
    const prices = pricesOf(league);
    const { fee, deposit, individual } = divisionTerms(prices, league, now);
    const early = fee?.kind === 'early_bird';
    const eligibility = family.map((m) => verdict(m.ID, league.require_membership && unmembered.has(m.ID)
      ? ELIGIBILITY_REASONS.membership : divisionIneligibility({ age_group, gender: league.gender }, m, league.start_date)));
    const base = {
      ID: league.ID, name: league.name, description: league.description, facility_id: league.facility_id, start_date: league.start_date, end_date: league.end_date,
      registration_end_date: league.registration_end_date, type: league.tournament_id !== null || league.is_tournament ? 'tournament' as const : 'league' as const,
      membership_required: league.require_membership, slots: [], eligibility,
    };
    if (league.enable_team) {
      const left = Math.max(0, league.max_teams - Number(teams) - Number(offers));
      offerings.push({
        ...base, registration: 'team', price: toDollars(fee?.price ?? prices.full), price_rule: early ? 'early_bird' : 'regular', regular_price: toDollars(prices.full),
        early_bird_until: early ? league.early_bird_end_date : null, deposit: deposit === null ? null : toDollars(deposit),
        seats_left: left, capacity: league.max_teams, waitlist_open: left === 0,
      });
    }
    if (league.enable_individual) {
      offerings.push({
        ...base, registration: 'individual', price: toDollars(individual), price_rule: 'regular', regular_price: toDollars(individual), early_bird_until: null,
        deposit: null, seats_left: null, capacity: null, waitlist_open: false,
      });
    }
  }
  return offerings;
}

async function pickupOfferings(db: Db, facilityId: number, time_zone: string, family: Person[], now: number): Promise<Listed[]> {
  // The sessions with their coming slots in one statement.
  const rows = await offeredPickup(db).execute({ facility: facilityId, now, until: now + PICKUP_DAYS * DAY });
  const bySession = new Map<number, typeof rows>();
  for (const row of rows) bySession.set(row.session.ID, [...bySession.get(row.session.ID) ?? [], row]);
  return [...bySession.values()].map((mine) => {
    const { session, field, capacity, variation } = mine[0];
    const price = toDollars(pickupPrice(variation));
    const hh = Math.floor(session.time);
    const mm = String(Math.round((session.time - hh) * 60)).padStart(2, '0');
    return {
      type: 'pickup' as const, ID: session.ID, name: `Pickup ${WEEKDAYS[session.day]} ${hh}:${mm} — ${field}`, description: '', facility_id: session.facility_id,
      start_date: mine[0].slot.start_date, end_date: mine.at(-1)!.slot.end_date, registration_end_date: null, registration: 'participant' as const,
      price, price_rule: 'regular' as const, regular_price: price, early_bird_until: null, deposit: null, membership_required: false,
      seats_left: null, capacity: Number(capacity) || null, waitlist_open: false, time_zone,
      slots: mine.map(({ slot, taken }) => {
        const left = Number(capacity) > 0 ? Math.max(0, Number(capacity) - Number(taken)) : null;
        return { event_id: slot.ID, start_date: slot.start_date, end_date: slot.end_date, seats_left: left, waitlist_open: left === 0 };
      }),
      eligibility: family.map((m) => verdict(m.ID, null)),
    };
  });
}

/**
 * The holder and their children (familyIds' order: the holder first) with what eligibility reads, whether
 * each holds a valid membership now (withoutMembership's test), and the classes each is registered in or
 * waiting for: the family in one statement. Its subqueries are nested in a second sql (see takenOfGame).
 */
const HOLDER = sql.placeholder('holder');
const familyPeople = perDatabase((db) => db.select({
  ID: customers.ID, is_kid: customers.is_kid, email: customers.email, birthdate: customers.birthdate, gender: customers.gender,
  member: sql<boolean>`${sql`exists (select 1 from ${memberships} where ${memberships.sub_customer_id} = ${customers.ID} and ${memberships.valid_until} > ${NOW})`}`,
  registered: sql<number[]>`${sql`array(select ${attendees.class_id} from ${attendees} where ${attendees.customer_id} = ${customers.ID})`}`,
  waiting: sql<number[]>`${sql`array(select ${waitlists.class_id} from ${waitlists} where ${waitlists.customer_id} = ${customers.ID})`}`,
}).from(customers).where(inFamily(HOLDER))
  .orderBy(sql`${customers.ID} <> ${HOLDER}`, asc(customers.ID))
  .prepare('portal_family_people'));

async function familyOf(db: Db, holder: PortalUser, now: number) {
  const people = await familyPeople(db).execute({ holder: holder.customer_id, now });
  const family: Person[] = people.map(({ member: _member, registered, waiting, ...p }) => ({
    ...p, email: p.email ?? '', registered: new Set(registered), waiting: new Set(waiting),
  }));
  return { family, unmembered: new Set(people.filter((p) => !p.member).map((p) => p.ID)) };
}

/**
 * GET /portal/offerings?facility_id: a fixed number of statements whatever the facility holds, read side by
 * side (on PostgreSQL each on a pooled connection of its own): the facility, the family and the
 * membership, then the classes, divisions, pickup sessions and rentals.
 */
export async function listOfferings(db: Db, holder: PortalUser, facilityId: number): Promise<Offering[]> {
  const now = nowSeconds();
  const [[facility], { family, unmembered }, membershipProduct] = await Promise.all([
    facilityZoneOf(db).execute({ facility: facilityId }),
    familyOf(db, holder, now),
    facilityMembership(db, facilityId),
  ]);
  if (!facility) throw notFound('Facility');
  const membership = membershipProduct?.price ?? null;
  // A registration (a class's, a division's) adds the membership where the facility sells one: no one is refused for it.
  const refused = membership === null ? unmembered : new Set<number>();
  const sections = await Promise.all([
    classOfferings(db, facilityId, family, refused, now),
    divisionOfferings(db, facilityId, family, refused, now),
    pickupOfferings(db, facilityId, facility.time_zone, family, now),
    rentalOfferings(db, facilityId, facility.time_zone, family, holder.customer_id, now),
  ]);
  return sections.flat().map((o) => ({ ...o, membership_price: o.membership_required && membership !== null ? toDollars(membership) : null }));
}
