import { PRODUCT_TYPE } from '../../../../core/constants';
import { attendances, healthChecks } from '../../schema';
import { facilityPrices, PRODUCT, productById } from '../catalog';
import type { DemoFacility } from '../facilities';
import { FIELD_TYPE, type DemoField } from '../fields';
import { DAY, HOUR, isPeak, openHours, weekdayOf, type Grid, type Term } from './calendar';
import type { DemoContext } from './context';
import { addEvent } from './events';

// One-off bookings in the field hours no program holds: rentals, private events, birthday parties,
// soccernaut sessions and blocks, each invoiced to its customer (blocks have none).

type Booking = 'adult' | 'youth' | 'event' | 'custom' | 'birthday' | 'soccernaut' | 'block' | 'maintenance';

function bookingFor(ctx: DemoContext, weekday: number, hour: number, peak: boolean): Booking {
  const weekend = weekday === 0 || weekday === 6;
  if (hour >= 22) return ctx.rng.weighted([['adult', 85], ['maintenance', 10], ['block', 5]]);
  if (weekend) return ctx.rng.weighted([['youth', 35], ['birthday', 30], ['adult', 20], ['event', 8], ['soccernaut', 5], ['custom', 2]]);
  if (peak) return ctx.rng.weighted([['adult', 60], ['youth', 18], ['event', 10], ['soccernaut', 5], ['block', 5], ['custom', 2]]);
  return ctx.rng.weighted([['youth', 60], ['adult', 30], ['soccernaut', 10]]);
}

export function seedRentalTerm(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid): void {
  const { rng, clock } = ctx;
  for (let day = term.firstDay; day < term.firstDay + term.weeks * 7; day++) {
    const weekday = weekdayOf(day);
    for (const field of fields) {
      const hours = openHours(field, weekday);
      for (let i = 0; i < hours.length; i++) {
        const hour = hours[i];
        const peak = isPeak(field, weekday, hour);
        if (!grid.isFree(field.ID, day, hour) || !rng.chance(ctx.plan.density * (peak ? 1.6 : 0.7))) continue;
        // Now and then two hours, when the next one is free too.
        const long = i + 1 < hours.length && grid.isFree(field.ID, day, hour + 1) && rng.chance(0.2);
        if (long) i++;
        const start = clock.at(facility.ID, day, hour);
        book(ctx, facility, field, start, start + (long ? 2 : 1) * HOUR, bookingFor(ctx, weekday, hour, peak), peak);
      }
    }
  }
}

function book(ctx: DemoContext, facility: DemoFacility, field: DemoField, start: number, end: number, booking: Booking, peak: boolean): void {
  const { rng, writer, ledger, people, now } = ctx;
  if (booking === 'block' || booking === 'maintenance') {
    addEvent(ctx, {
      field, start, end, product_type_id: booking === 'block' ? PRODUCT_TYPE.BLOCK : PRODUCT_TYPE.BLOCKER,
      comment: booking === 'block' ? 'Held for a league make-up game' : 'Turf maintenance',
    });
    return;
  }
  const hours = (end - start) / HOUR;
  const outdoor = field.typeId === FIELD_TYPE.OUTDOOR;
  const kid = booking === 'birthday' || booking === 'soccernaut' ? people.one(rng, facility, 'kid') : null;
  const customer = kid ? people.parentOf(kid) : people.one(rng, facility, 'adult');
  // The product, its unit price and quantity; the product type is the one its GL files it under.
  const rental = (id: number): [number, number, number, string] => {
    const p = facilityPrices(productById(id), facility.ID);
    return [id, (peak ? p.peak_price : p.off_peak_price) * hours, 1, ''];
  };
  const listed = (id: number, quantity: number, comment: string): [number, number, number, string] => {
    const p = facilityPrices(productById(id), facility.ID);
    return [id, p.base_price || p.full_price, quantity, comment];
  };
  const [productId, price, quantity, comment] = {
    adult: () => rental(outdoor ? PRODUCT.OUTDOOR_RENTAL : PRODUCT.ADULT_RENTAL),
    youth: () => rental(PRODUCT.YOUTH_RENTAL),
    event: () => listed(PRODUCT.PRIVATE_EVENT, 1, 'Private event'),
    custom: (): [number, number, number, string] => [PRODUCT.CUSTOM, 40000, 1, 'Corporate team building'],
    birthday: () => listed(PRODUCT.BIRTHDAY, 1, 'Birthday party'),
    soccernaut: () => listed(PRODUCT.SOCCERNAUT, rng.int(3, 8), 'Soccernaut'),
  }[booking]();
  const productTypeId = productById(productId).typeId;
  const event = addEvent(ctx, { field, start, end, product_type_id: productTypeId, productId, customer_id: customer, comment });
  const past = end <= now;
  if (productTypeId === PRODUCT_TYPE.SOCCERNAUT) {
    for (const participant of [kid!, ...people.pick(rng, facility, 'kid', quantity - 1).filter((k) => k !== kid)]) {
      writer.add(attendances, { event_id: event, customer_id: participant, attended: past && rng.chance(0.9), temporary: true, CreatedAt: start - DAY, UpdatedAt: start - DAY });
    }
  }
  if (past && (booking === 'adult' || booking === 'youth') && rng.chance(0.25)) {
    for (const player of people.pick(rng, facility, 'adult', rng.int(2, 6))) {
      writer.add(healthChecks, { event_id: event, customer_id: player, facility_id: facility.ID, CreatedAt: start - 900 });
    }
  }
  // A few bookings to come are not invoiced yet.
  if (!past && rng.chance(0.15)) return;
  const date = Math.min(now - HOUR, start - rng.int(1, 21) * DAY);
  const bill = ledger.invoice({
    facilityId: facility.ID, customer_id: customer, product_type_id: productTypeId, date, comment,
    items: [{ productId, price, quantity, event_id: event }],
  });
  ledger.maybeDiscount(bill);
  ledger.settle(bill, date, Math.min(end, now));
}
