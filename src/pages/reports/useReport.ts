import { useQuery } from '@tanstack/react-query';
import { previousPeriod } from '../../../core/reports';
import { useTouchlineDataProvider, type ReportName, type ReportQuery } from '../../../dataProvider';

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
