import { PRODUCT_TYPE, UNIFORM_SIZES } from '../../../../core/constants';
import type { Property } from '../../schema/columns';
import { attendances, attendees, broadcasts, classes, coachAssignments, trialAssistants, waitlists } from '../../schema';
import { facilityPrices, PRODUCT, productById, variationId } from '../catalog';
import type { DemoFacility } from '../facilities';
import type { DemoField } from '../fields';
import { DAY, HOUR, termDays, type Grid, type Term } from './calendar';
import type { DemoContext } from './context';
import { addEvent } from './events';

// A season of classes per facility and term: divisions (youth classes, Lil' Kickers, a camp in
// summer) with weekly events, coaches, paying attendees, a waitlist when full and free trials.

interface Kind {
  name: string;
  productId: number;
  productTypeId: number;
  weekdays: number[];
  hours: number[];
  length: number;
  camp: boolean;
}

const YOUTH_CLASS: Kind = { name: 'Youth Class', productId: PRODUCT.YOUTH_CLASS, productTypeId: PRODUCT_TYPE.CLASS, weekdays: [1, 2, 3, 4, 5], hours: [16, 17], length: 1, camp: false };
const LIL_KICKERS: Kind = { name: "Lil' Kickers", productId: PRODUCT.LIL_KICKERS, productTypeId: PRODUCT_TYPE.CLASS_OTHER, weekdays: [6, 0], hours: [8, 9], length: 1, camp: false };
const CAMP: Kind = { name: 'Summer Camp', productId: PRODUCT.CAMP, productTypeId: PRODUCT_TYPE.CLASS_ALT, weekdays: [0, 6], hours: [8, 10], length: 2, camp: true };
const AGES = ['U6', 'U8', 'U10', 'U12', 'U14'];
const MAX_KIDS = 8;

/** The property keys of a new class (spec 3 §3), with the values the demo knows. */
function classProperties(term: Term, division: string, type: string): Property[] {
  const known: Record<string, string> = { 'Season Name': `${term.season} ${term.year}`, 'Division Name': division, Type: type, Year: String(term.year), Season: term.season };
  return ['Season Name', 'Division Name', 'Type', 'Category', 'Level', 'Gender', 'Age Category', 'Year', 'Season', 'Start Date', 'End Date']
    .map((key) => ({ key, value: known[key] ?? '' }));
}

export function seedClassTerm(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid): void {
  const { writer, clock, now, staff } = ctx;
  const start = clock.at(facility.ID, term.firstDay, 0);
  const end = clock.at(facility.ID, term.firstDay + term.weeks * 7 - 1, 24) - 1;
  const registration = { registration_start_date: start - 35 * DAY, registration_end_date: start + 14 * DAY };
  const name = `${term.season} ${term.year} Youth Classes ${facility.nickname}`;
  const season = writer.add(classes, {
    name, description: `Weekly classes for kids at ${facility.name}.`, start_date: start, end_date: end, ...registration,
    facility_id: facility.ID, is_container: true, new_product_id: PRODUCT.YOUTH_CLASS, properties: classProperties(term, '', ''),
    CreatedAt: registration.registration_start_date - 7 * DAY, UpdatedAt: registration.registration_start_date - 7 * DAY,
  });
  const kinds = [
    ...Array.from({ length: ctx.plan.divisions }, (_, i) => ({ ...YOUTH_CLASS, name: `${YOUTH_CLASS.name} ${AGES[i % AGES.length]}` })),
    LIL_KICKERS, ...(term.season === 'Summer' ? [CAMP] : []),
  ];
  const parents: string[] = [];
  for (const kind of kinds) {
    const slot = grid.reserveWeekly(ctx.rng.sample(kind.weekdays, kind.weekdays.length), kind.hours, kind.length, fields);
    if (slot) parents.push(...division(ctx, facility, term, season, kind, slot, { start, end, ...registration }));
  }
  if (!parents.length) return;
  const sent = Math.min(now - HOUR, start + 7 * DAY);
  writer.add(broadcasts, {
    subject: `${name}: what to bring`, html: '<p>Shin guards, a water bottle and a smile.</p>', recipients: [...new Set(parents)],
    facility_id: facility.ID, reply_to: 'classes@touchline.test', sender: facility.name, class_id: season,
    user_id: staff.managers.get(facility.ID)?.[0] ?? staff.admin, CreatedAt: sent, UpdatedAt: sent,
  });
}

/** One division with its events and people; returns the parents' emails. */
function division(
  ctx: DemoContext, facility: DemoFacility, term: Term, seasonId: number, kind: Kind, slot: { field: DemoField; weekday: number; hour: number },
  dates: { start: number; end: number; registration_start_date: number; registration_end_date: number },
): string[] {
  const { rng, writer, ledger, people, staff, clock, now } = ctx;
  const product = productById(kind.productId);
  const price = facilityPrices(product, facility.ID).base_price;
  const accepts_free_trial = !kind.camp;
  const created = dates.registration_start_date - 7 * DAY;
  const classId = writer.add(classes, {
    name: `${kind.name} ${term.season} ${term.year}`, description: `${kind.name} at ${facility.name}.`, start_date: dates.start,
    end_date: dates.end, registration_start_date: dates.registration_start_date, registration_end_date: dates.registration_end_date,
    accepts_free_trial, max_kids: MAX_KIDS, facility_id: facility.ID, is_camp: kind.camp, class_parent_id: seasonId,
    new_product_id: product.ID, product_id: variationId(product.ID, facility.ID), properties: classProperties(term, kind.name, kind.camp ? 'Camp' : 'Class'),
    quota: MAX_KIDS, CreatedAt: created, UpdatedAt: created,
  });
  const coaches = rng.sample(staff.coaches.get(facility.ID) ?? [], rng.int(1, 2));
  coaches.forEach((worker_id, position) => writer.add(coachAssignments, { class_id: classId, worker_id, position, CreatedAt: created, UpdatedAt: created }));

  const kids = people.pick(rng, facility, 'kid', rng.int(4, MAX_KIDS + 2));
  const enrolled = kids.slice(0, MAX_KIDS);
  const waiting = kids.slice(MAX_KIDS);
  const size = () => rng.pick(UNIFORM_SIZES);
  for (const kid of enrolled) {
    const parent = people.parentOf(kid);
    const signed = Math.min(now - DAY, rng.int(dates.registration_start_date, dates.registration_end_date));
    const bill = ledger.invoice({
      facilityId: facility.ID, customer_id: parent, product_type_id: kind.productTypeId, date: signed, class_id: classId,
      items: [{ productId: product.ID, price }],
    });
    ledger.maybeDiscount(bill);
    ledger.settle(bill, signed, dates.start + 14 * DAY);
    writer.add(attendees, { class_id: classId, customer_id: kid, parent_id: parent, uniform_size: size(), invoice_id: bill.ID, CreatedAt: signed, UpdatedAt: signed });
  }
  for (const kid of waiting) {
    const joined = Math.min(now - DAY, dates.registration_end_date);
    writer.add(waitlists, { class_id: classId, customer_id: kid, parent_id: people.parentOf(kid), uniform_size: size(), CreatedAt: joined, UpdatedAt: joined });
  }

  const days = termDays(term, slot.weekday);
  const eventIds = days.map((day) => {
    const start = clock.at(facility.ID, day, slot.hour);
    const end = start + kind.length * HOUR;
    const ID = addEvent(ctx, {
      field: slot.field, start, end, product_type_id: kind.productTypeId, productId: product.ID, class_id: classId,
      coach_id: coaches[0] ?? null, comment: kind.name, quota: MAX_KIDS,
    });
    if (end <= now) for (const kid of enrolled) writer.add(attendances, { event_id: ID, customer_id: kid, attended: rng.chance(0.85), CreatedAt: start, UpdatedAt: start });
    return { ID, start };
  });

  if (accepts_free_trial) {
    const trialKid = people.pick(rng, facility, 'kid', MAX_KIDS + 3).find((k) => !kids.includes(k));
    if (trialKid) {
      const event = rng.pick(eventIds);
      const booked = Math.min(now - HOUR, event.start - 3 * DAY);
      writer.add(trialAssistants, {
        class_id: classId, customer_id: trialKid, parent_id: people.parentOf(trialKid), uniform_size: size(), event_id: event.ID,
        CreatedAt: booked, UpdatedAt: booked,
      });
    }
  }
  return enrolled.map((kid) => people.emailOf(people.parentOf(kid)));
}
