import dayjs from 'dayjs';
import { formatUsd, toCents } from '../../../core/money';
import { formatDateTime } from '../../../core/time';

// How screens show and read money, dates and times (invoices, contracts, pickup, the refund review).

/** Dollars as a person reads them: "$1,234.50", "-$12.00" (two decimals with thousands separators); a missing value shows 'N/A'. */
export const money = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? 'N/A' : formatUsd(toCents(dollars)));

/** Unix seconds ↔ the yyyy-mm-dd of a date input, in the browser's zone. */
export const toDateInput = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
export const fromDateInput = (value: string) => Math.floor(new Date(`${value}T00:00:00`).getTime() / 1000);

/** Mon–Sun order of the spec's days of the week (Sunday = 0). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export const dateTime = (seconds: number | null | undefined, zone: string) => (seconds ? formatDateTime(seconds, zone) : 'N/A');

/** `yyyy-mm-ddThh:mm` of a datetime-local input in `zone` ↔ unix seconds. */
export const toLocalInput = (seconds: number, zone: string) => dayjs.unix(seconds).tz(zone).format('YYYY-MM-DDTHH:mm');
export const fromLocalInput = (value: string, zone: string) => dayjs.tz(value.replace('T', ' '), zone).unix();
