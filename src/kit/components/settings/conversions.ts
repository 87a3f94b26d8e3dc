import { displayCloseTime, storedCloseTime } from '../../../../core/time';

// How the resources dialogs show stored values and store typed ones (spec 1 §3, §5, §9).

/** A tax rate typed as a percent, stored as a fraction: 8.875 → 0.08875. */
export const percentToFraction = (percent: number): number => Number((percent / 100).toFixed(8));
/** A stored fraction shown as a percent: 0.08875 → 8.875 (without float noise such as 8.875000000000002). */
export const fractionToPercent = (fraction: number): number => Number((fraction * 100).toFixed(6));

/** A stored close time as the dialog shows it: 23.99 is 24. */
export const closeTimeToForm = displayCloseTime;
/** A close time picked in the dialog as it is sent: 24 is 23.99, anything else as it is. */
export const closeTimeToStored = storedCloseTime;

/** The time pickers' choices: every quarter hour from 0 to 24 (spec 1 §9: pickers step 15 minutes). */
export const QUARTER_HOURS: readonly number[] = Array.from({ length: 97 }, (_, i) => i / 4);

/** Decimal hours as h:mm: 18.5 → 18:30, 24 → 24:00. */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
