// The order dates are read in, apart from core/time.ts: that module brings dayjs and its time-zone
// plugins, which the browser's entry bundle sets this from (src/kit/i18n/i18nProvider.ts) but does not
// otherwise need (bench/firstLoad.ts budgets it).

let dayFirst = false;

/**
 * M/D/YYYY (English: the default, and the server's mail and files) or DD/MM/YYYY (Spanish). The browser
 * sets it with the language it shows.
 */
export function setDayFirst(value: boolean): void {
  dayFirst = value;
}

/** The dayjs format of a date in the order set: M/D/YYYY or DD/MM/YYYY. */
export function dateFormat(): string {
  return dayFirst ? 'DD/MM/YYYY' : 'M/D/YYYY';
}

/** Whether dates are read day first (Spanish). */
export function isDayFirst(): boolean {
  return dayFirst;
}
