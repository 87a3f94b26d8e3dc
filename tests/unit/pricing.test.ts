import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingPrice, peakSeconds, type PeakHours, type ProductPrices } from '../../core/pricing';
import { productFormErrors, productFormRules, productSchema } from '../../core/productForm';

// A rental at 150.00 per hour, 180.00 in peak hours and 120.00 off-peak; the field's peak hours are
// 18–22 on weekdays and 10–14 on weekends, in the facility's time zone.
const RENTAL: ProductPrices = { base_price: 15000, full_price: 0, peak_price: 18000, off_peak_price: 12000, duration: 3600 };
const HOURS: PeakHours = { weekday_peak_time_start: 18, weekday_peak_time_end: 22, weekend_peak_time_start: 10, weekend_peak_time_end: 14 };
const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

/** Unix seconds of a wall-clock time in New York in November 2026 (UTC−5). */
const ny = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 5, minute) / 1000;

describe('bookingPrice', () => {
  // Wed 18 November 2026 is a weekday; Sat 21 November a weekend day.
  it('prices a weekday booking inside the peak hours at the peak price', () => {
    expect(bookingPrice(RENTAL, { start: ny(18, 19), end: ny(18, 20) }, HOURS, NY)).toEqual({ price: 18000, peak_minutes: 60, off_peak_minutes: 0 });
  });

  it('prices a weekday booking outside them at the off-peak price, pro rata to its length', () => {
    expect(bookingPrice(RENTAL, { start: ny(18, 16), end: ny(18, 17, 30) }, HOURS, NY).price).toBe(18000); // 1.5 h × 120
  });

  it('uses the weekend window on Saturday: 19:00 is off-peak, 11:00 is peak', () => {
    expect(bookingPrice(RENTAL, { start: ny(21, 19), end: ny(21, 20) }, HOURS, NY).price).toBe(12000);
    expect(bookingPrice(RENTAL, { start: ny(21, 11), end: ny(21, 12) }, HOURS, NY).price).toBe(18000);
  });

  it('prorates a booking spanning the start of the peak hours per minute', () => {
    // 17:15–18:45: 45 min off-peak (90.00) + 45 min peak (135.00).
    expect(bookingPrice(RENTAL, { start: ny(18, 17, 15), end: ny(18, 18, 45) }, HOURS, NY))
      .toEqual({ price: 22500, peak_minutes: 45, off_peak_minutes: 45 });
  });

  it('switches to the weekend window at local midnight between Friday and Saturday', () => {
    // Fri 20 Nov 21:00 → Sat 21 Nov 01:00: 1 h of Friday peak, 2 h Friday off-peak, 1 h Saturday off-peak.
    expect(bookingPrice(RENTAL, { start: ny(20, 21), end: ny(21, 1) }, HOURS, NY))
      .toEqual({ price: 18000 + 3 * 12000, peak_minutes: 60, off_peak_minutes: 180 });
  });

  it("reads the peak hours in the facility's time zone", () => {
    // 19:00 in New York is 16:00 in Los Angeles: peak there, off-peak here.
    const booking = { start: ny(18, 19), end: ny(18, 20) };
    expect(bookingPrice(RENTAL, booking, HOURS, NY).price).toBe(18000);
    expect(bookingPrice(RENTAL, booking, HOURS, LA).price).toBe(12000);
  });

  it('counts a peak end of 23.99 as midnight', () => {
    const late = { ...HOURS, weekday_peak_time_start: 23, weekday_peak_time_end: 23.99 };
    expect(peakSeconds({ start: ny(18, 23), end: ny(19, 0) }, late, NY)).toBe(3600);
  });

  it('keeps wall-clock hours across a daylight-saving change', () => {
    // Sunday 8 March 2026: New York jumps from 02:00 to 03:00 (UTC−5 → UTC−4). 09:00–11:00 local, peak 10–14.
    const start = Date.UTC(2026, 2, 8, 13) / 1000;
    expect(peakSeconds({ start, end: start + 2 * 3600 }, HOURS, NY)).toBe(3600);
  });

  it('falls back to the base price where a peak or off-peak price is 0, and without peak hours', () => {
    const noOffPeak = { ...RENTAL, off_peak_price: 0 };
    expect(bookingPrice(noOffPeak, { start: ny(18, 16), end: ny(18, 17) }, HOURS, NY).price).toBe(15000);
    expect(bookingPrice(RENTAL, { start: ny(18, 19), end: ny(18, 21) }, null, NY).price).toBe(30000);
  });

  it('rounds once to the cent', () => {
    // 7 minutes at 100.00 per hour = 11.6666… → 11.67.
    const hourly = { ...RENTAL, base_price: 10000, peak_price: 0, off_peak_price: 0 };
    expect(bookingPrice(hourly, { start: ny(18, 16), end: ny(18, 16, 7) }, HOURS, NY).price).toBe(1167);
  });

  it('charges a product without a duration its flat price', () => {
    const league = { base_price: 0, full_price: 120000, peak_price: 0, off_peak_price: 0, duration: 0 };
    expect(bookingPrice(league, { start: ny(18, 19), end: ny(18, 23) }, HOURS, NY).price).toBe(120000);
  });
});

describe('productFormRules', () => {
  it('asks a rental (or a GL starting 10) for field types, minutes and base or peak prices', () => {
    for (const gl of [{ code: '10000', category: 'rental' as const }, { code: '10999', category: 'event' as const }, { code: '77000', category: 'rental' as const }]) {
      expect(productFormRules(gl)).toEqual({
        prices: { base_price: false, peak_price: false, off_peak_price: false }, baseOrPeak: true, fieldTypes: true, duration: 'minutes', prorate: false,
      });
    }
  });

  it('asks a class for a base price and the prorate flag, and prefix 14 for an individual price too', () => {
    expect(productFormRules({ code: '14001', category: 'class' })).toEqual({
      prices: { base_price: true, individual_price: true }, baseOrPeak: false, fieldTypes: false, duration: null, prorate: true,
    });
  });

  it('asks a league for a team price with optional extras, and prefix 01 for deposit and full', () => {
    expect(productFormRules({ code: '01000', category: 'league' }).prices).toEqual({
      team_price: true, early_bird_price: false, individual_price: false, deposit_price: true, full_price: true,
    });
    expect(productFormRules({ code: '02000', category: 'league' }).prices).toEqual({
      team_price: true, early_bird_price: true, individual_price: true, deposit_price: true, full_price: true,
    });
  });

  it('follows the price prefixes for events and the aux prefixes', () => {
    expect(productFormRules({ code: '11000', category: 'event' }).prices).toEqual({ deposit_price: true, full_price: true });
    expect(productFormRules({ code: '13000', category: 'event' }).prices)
      .toEqual({ deposit_price: true, early_bird_price: true, individual_price: true, full_price: true });
    expect(productFormRules({ code: '41000', category: 'aux' }).prices).toEqual({ base_price: true });
    expect(productFormRules({ code: '42000', category: 'aux' }).prices).toEqual({ base_price: true });
  });

  it('asks a membership (prefix 60) for a duration in days', () => {
    expect(productFormRules({ code: '60000', category: 'aux' })).toMatchObject({ duration: 'days', prices: { base_price: true } });
  });

  it('shows an optional base price when no rule applies', () => {
    expect(productFormRules({ code: '', category: 'block' }).prices).toEqual({ base_price: false });
  });
});

describe('productSchema', () => {
  const rental = productFormRules({ code: '10000', category: 'rental' });
  const good = { name: 'Field', gl_id: 1, base_price: 150, duration: 3600, field_types: [1] };

  it('accepts a rental with a base price, or with both peak prices', () => {
    expect(productSchema(rental).safeParse(good).success).toBe(true);
    expect(productSchema(rental).safeParse({ ...good, base_price: null, peak_price: 180, off_peak_price: 120 }).success).toBe(true);
  });

  it('names each problem of a rental', () => {
    expect(productFormErrors({ name: ' ', gl_id: 1, peak_price: 180, duration: 90, field_types: [] }, rental)).toEqual({
      name: 'Required',
      base_price: 'Enter a base price, or both peak and off-peak prices',
      off_peak_price: 'Enter a base price, or both peak and off-peak prices',
      duration: 'Must be a whole number of minutes above 0',
      field_types: 'Pick at least one field type',
    });
  });

  it('refuses negative prices and fractions of a cent', () => {
    expect(productFormErrors({ ...good, base_price: -1 }, rental)).toEqual({ base_price: 'Must be at least 0' });
    expect(productFormErrors({ ...good, base_price: 1.005 }, rental)).toEqual({ base_price: 'An amount has at most two decimals' });
  });

  it("requires the GL prefix's prices and a membership's whole days", () => {
    const league = productFormRules({ code: '01000', category: 'league' });
    expect(productFormErrors({ name: 'L', gl_id: 3, team_price: 100, deposit_price: 20 }, league)).toEqual({ full_price: 'Required' });
    const membership = productFormRules({ code: '60000', category: 'aux' });
    expect(productFormErrors({ name: 'M', gl_id: 9, base_price: 50, duration: 86400 * 1.5 }, membership)).toEqual({ duration: 'Must be a whole number of days above 0' });
    expect(productFormErrors({ name: 'M', gl_id: 9, base_price: 50, duration: 86400 * 30 }, membership)).toEqual({});
  });
});

describe('peakSeconds over generated bookings', () => {
  // Minute by minute, each minute's wall clock read off Intl: what peakSeconds computes by jumps.
  const formats = new Map<string, Intl.DateTimeFormat>();
  const wall = (t: number, zone: string) => {
    if (!formats.has(zone)) formats.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', weekday: 'short', hour: 'numeric', minute: 'numeric' }));
    const part = Object.fromEntries(formats.get(zone)!.formatToParts(t * 1000).map((p) => [p.type, p.value]));
    return { weekend: part.weekday === 'Sat' || part.weekday === 'Sun', minute: Number(part.hour) * 60 + Number(part.minute) };
  };
  const reference = ({ start, end }: { start: number; end: number }, hours: PeakHours, zone: string) => {
    let peak = 0;
    for (let t = start; t < end; t += 60) {
      const { weekend, minute } = wall(t, zone);
      const from = (weekend ? hours.weekend_peak_time_start : hours.weekday_peak_time_start) * 60;
      const to = (weekend ? hours.weekend_peak_time_end : hours.weekday_peak_time_end) * 60;
      if (minute >= from && minute < to) peak += 60;
    }
    return peak;
  };
  const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'];

  // Starts within six hours before (or one after) a change of offset in 2026: New York, London, Lord Howe (half an
  // hour, at 15:00 and 15:30 UTC), St. John's (at 05:30 and 04:30 UTC).
  const changes = [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 3, 4, 15), Date.UTC(2026, 9, 3, 15, 30), Date.UTC(2026, 2, 8, 5, 30), Date.UTC(2026, 10, 1, 4, 30)];
  const nearChanges = fc.constantFrom(...changes).chain((at) => fc.integer({ min: at / 60000 - 360, max: at / 60000 + 60 }));

  it("counts the minute after St. John's springs forward at 05:30 UTC, into a peak from 3 a.m. (found by the property below)", () => {
    // Saturday 7 March 2026, 21:30 NST, for 4 h 31 min: 02:00 NST becomes 03:00 NDT at 05:30 UTC, and 03:00–03:01 is peak.
    const booking = { start: Date.UTC(2026, 2, 8, 1) / 1000, end: Date.UTC(2026, 2, 8, 5, 31) / 1000 };
    const hours = { weekday_peak_time_start: 2, weekday_peak_time_end: 13, weekend_peak_time_start: 3, weekend_peak_time_end: 12 };
    expect(peakSeconds(booking, hours, 'America/St_Johns')).toBe(60);
    expect(reference(booking, hours, 'America/St_Johns')).toBe(60);
  });

  it('equals a minute-by-minute count in any zone, across daylight-saving changes', () => {
    fc.assert(fc.property(
      fc.oneof(fc.integer({ min: Date.UTC(2024, 0, 1) / 60000, max: Date.UTC(2030, 0, 1) / 60000 }), nearChanges), fc.integer({ min: 1, max: 6 * 60 }),
      fc.constantFrom(...zones), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 13, max: 24 }),
      (startMinute, minutes, zone, from, to) => {
        const booking = { start: startMinute * 60, end: (startMinute + minutes) * 60 };
        const hours = { weekday_peak_time_start: from, weekday_peak_time_end: to, weekend_peak_time_start: from + 1, weekend_peak_time_end: to - 1 };
        expect(peakSeconds(booking, hours, zone)).toBe(reference(booking, hours, zone));
      },
    ), { numRuns: 200 });
  });
});
