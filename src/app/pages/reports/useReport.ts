import { useQuery } from '@tanstack/react-query';
import { EXPORT_MAX_ROWS } from '../../../../core/constants';
import { previousPeriod } from '../../../../core/reports';
import { useTouchlineDataProvider, type ReportMethods, type ReportName, type ReportQuery, type ReportResult } from '../../../../dataProvider';

// Runs a report (and, for week over week, the previous period of equal length: figures only).

export function useReport<T>(name: ReportName, query: ReportQuery, options: { enabled?: boolean } = {}) {
  const dataProvider = useTouchlineDataProvider();
  return useQuery({
    queryKey: ['report', name, query],
    queryFn: () => dataProvider.runReport(name, query) as Promise<T>,
    enabled: options.enabled ?? true,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export function usePreviousPeriod<T>(name: ReportName, query: ReportQuery, enabled: boolean) {
  const previous = query.start_date && query.end_date ? previousPeriod(query.start_date, query.end_date) : null;
  const result = useReport<T>(name, { ...query, start_date: previous?.from, end_date: previous?.to, summary_only: true, range: undefined }, { enabled: enabled && previous !== null });
  return { ...result, period: previous };
}

/** The most rows an export fetches; EXPORT_PAGE a call, the server's largest page. */
const EXPORT_PAGE = 1000;

/**
 * Every row of a server-paged report table for the filters (up to EXPORT_MAX_ROWS), page after page
 * of the rows alone (`rows_only`: the server skips the figures).
 */
export async function allReportRows<R>(dataProvider: ReportMethods, name: ReportName, query: ReportQuery, total: number, pick: (result: ReportResult) => R[] | undefined): Promise<R[]> {
  const rows: R[] = [];
  const wanted = Math.min(total, EXPORT_MAX_ROWS);
  for (let first = 0; first < wanted; first += EXPORT_PAGE) {
    const page = pick(await dataProvider.runReport(name, { ...query, summary_only: undefined, rows_only: true, range: [first, Math.min(first + EXPORT_PAGE, wanted) - 1] })) ?? [];
    rows.push(...page);
    if (page.length < EXPORT_PAGE) break;
  }
  return rows;
}
