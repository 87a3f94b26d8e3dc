import type { ReportName } from '../../../../dataProvider';

// Which filters each report's bar shows (spec 2 §2 Reports) and its path under /reporting.

export type Filter = 'basis' | 'dates' | 'facilities' | 'facility' | 'event_type' | 'payment_type' | 'active' | 'league' | 'exclude_tax' | 'event_status';

export interface ReportDefinition {
  name: ReportName;
  filters: Filter[];
  /** The run button reads 'Search' on list-like reports, 'Run' elsewhere. */
  button: 'run' | 'search';
  /** Sales, invoices and events also run the previous period of equal length. */
  weekOverWeek?: boolean;
}

export const REPORTS: ReportDefinition[] = [
  { name: 'sales', filters: ['basis', 'dates', 'facilities', 'event_type', 'payment_type', 'exclude_tax'], button: 'run', weekOverWeek: true },
  { name: 'invoices', filters: ['basis', 'dates', 'facilities', 'event_type', 'payment_type'], button: 'run', weekOverWeek: true },
  { name: 'events', filters: ['dates', 'facility', 'event_type', 'payment_type', 'event_status'], button: 'run', weekOverWeek: true },
  { name: 'payments', filters: ['basis', 'dates', 'facilities', 'event_type', 'payment_type'], button: 'run' },
  { name: 'health', filters: ['dates', 'facility'], button: 'search' },
  { name: 'daily', filters: ['dates', 'facilities'], button: 'run' },
  { name: 'outstanding', filters: ['dates', 'facilities'], button: 'search' },
  { name: 'teams', filters: ['facilities', 'active', 'league'], button: 'search' },
  { name: 'reconciliation', filters: ['dates', 'facility'], button: 'search' },
  { name: 'cameras', filters: ['facility'], button: 'search' },
  { name: 'trials', filters: ['dates', 'facilities'], button: 'search' },
  { name: 'bar', filters: ['dates', 'facility'], button: 'run' },
];

export const reportNamed = (name: string) => REPORTS.find((r) => r.name === name);
