import type { Cents } from './money';
import { displayCloseTime, zoneOffset, type UnixSeconds } from './time';

// The price of a booking (spec 2 §7, spec 3 §5). A rental product's prices are per its duration
// (e.g. 150.00 per 3600 s): a booking pays for its length pro rata, minute by minute, at the peak
// price while the field is in its peak hours and at the off-peak price otherwise. Peak hours are the
// field's decimal hours in the facility's time zone, Monday–Friday (weekday) or Saturday–Sunday
// (weekend) by the local day of each minute; a window is [start, end), and an end of 23.99 is
// midnight. A price left at 0 falls back to the base price. The total is rounded to the cent once,
// at the end. A product without a duration (a league fee, a class…) costs its flat price whatever
// the booking's length.

export interface ProductPrices {
  base_price: Cents;
  full_price: Cents;
  peak_price: Cents;
  off_peak_price: Cents;
  /** Seconds one price buys; 0 for a flat price. */
  duration: number;
}

/** A field's peak windows in decimal hours (18.5 is 18:30). */
export interface PeakHours {
  weekday_peak_time_start: number;
  weekday_peak_time_end: number;
  weekend_peak_time_start: number;
  weekend_peak_time_end: number;
}

export interface Booking {
  start: UnixSeconds;
  end: UnixSeconds;
}

export interface BookingPrice {
  price: Cents;
  /** How much of the booking fell in and out of the peak hours, in minutes (fractions when not minute-aligned). */
  peak_minutes: number;
  off_peak_minutes: number;
}

const HOUR = 3600;
const QUARTER = 900;
const DAY = 86400;

/** The flat price of a product: its base price, else its full price. */
export const flatPrice = (p: Pick<ProductPrices, 'base_price' | 'full_price'>): Cents => p.base_price || p.full_price;

/** Seconds of [start, end) that fall in the peak windows, in the facility's time zone. */
export function peakSeconds({ start, end }: Booking, hours: PeakHours, timeZone: string): number {
  let peak = 0;
  let t = start;
  while (t < end) {
    // A zone changes its offset on a quarter hour of UTC (St. John's at 05:30 UTC, Lord Howe at 15:30), so
    // the offset holds until the next one.
    const local = t + zoneOffset(t, timeZone);
    const dayStart = Math.floor(local / DAY) * DAY;
    // 1970-01-01 was a Thursday: day 0 → 4.
    const weekday = (Math.floor(local / DAY) + 4) % 7;
    const weekend = weekday === 0 || weekday === 6;
    const from = (weekend ? hours.weekend_peak_time_start : hours.weekday_peak_time_start) * HOUR;
    const to = displayCloseTime(weekend ? hours.weekend_peak_time_end : hours.weekday_peak_time_end) * HOUR;
    const at = local - dayStart;
    const inPeak = at >= from && at < to;
    // The next change: a window edge or midnight (local), the next UTC quarter hour, or the booking's end.
    const edge = [from, to, DAY].filter((e) => e > at).reduce((a, b) => Math.min(a, b), DAY);
    const next = Math.min(end, t + (edge - at), (Math.floor(t / QUARTER) + 1) * QUARTER);
    if (inPeak) peak += next - t;
    t = next;
  }
  return peak;
}

/**
 * The price of a booking of a product at a facility. Without peak hours (no field given) every minute
 * is priced at the base rate.
 */
export function bookingPrice(product: ProductPrices, booking: Booking, hours: PeakHours | null, timeZone: string): BookingPrice {
  const length = Math.max(0, booking.end - booking.start);
  if (product.duration <= 0) return { price: flatPrice(product), peak_minutes: 0, off_peak_minutes: length / 60 };
  const base = flatPrice(product);
  const peak = hours ? peakSeconds(booking, hours, timeZone) : 0;
  const offPeak = length - peak;
  const peakRate = hours ? product.peak_price || base : base;
  const offPeakRate = hours ? product.off_peak_price || base : base;
  const exact = (peak * peakRate + offPeak * offPeakRate) / product.duration;
  return { price: Math.round(exact + 1e-9), peak_minutes: peak / 60, off_peak_minutes: offPeak / 60 };
}
