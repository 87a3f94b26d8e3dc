import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { can } from '../../../../core/permissions';
import { modRange, previousPeriod, rangeMessage, todayIn, type ReportKind } from '../../../../core/reports';
import { defaultTimeZone, formatDay } from '../../../../core/time';
import type { Role } from '../../../../core/constants';
import { reportNamed } from './definitions';
import { FilterBar } from './FilterBar';
import { toQuery, useReportFilters } from './useReportFilters';
import { ActivityView } from './views/ActivityViews';
import { CamerasView, DailyView, HealthView, OutstandingView, ReconciliationView, TeamsView, TrialsView } from './views/ListViews';
import { SalesView } from './views/SalesView';
import './messages';

/** /reporting/{report}: the shared filter bar (filters in the URL) over the report's figures and tables. */
export default function ReportPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const report = reportNamed(pathname.split('/')[2] ?? '');
  const { permissions: role } = usePermissions<Role>();
  const [asked, apply] = useReportFilters();
  if (!report) return null;
  // A moderator's bookmarked range older than their 30 days runs on the allowed one, with a note.
  const allowed = report.filters.includes('dates')
    ? modRange(role, report.name as ReportKind, asked.start, asked.end, todayIn(defaultTimeZone(asked.facilities[0] ?? 1)))
    : null;
  const filters = allowed ? { ...asked, ...allowed } : asked;
  const query = toQuery(filters);
  const canExport = can(role, 'reports', 'export');
  const previous = previousPeriod(filters.start, filters.end);
  const periods = (current: boolean) => (current ? `${filters.start} – ${filters.end}` : `${previous.from} – ${previous.to}`);
  const props = { query, canExport, periods };
  const views: Record<string, () => ReactNode> = {
    sales: () => <SalesView {...props} />,
    bar: () => <SalesView name="bar" {...props} />,
    payments: () => <SalesView name="payments" {...props} />,
    invoices: () => <ActivityView kind="invoices" {...props} />,
    events: () => <ActivityView kind="events" {...props} />,
    health: () => <HealthView query={query} />,
    daily: () => <DailyView query={query} />,
    outstanding: () => <OutstandingView {...props} />,
    teams: () => <TeamsView {...props} />,
    reconciliation: () => <ReconciliationView {...props} />,
    cameras: () => <CamerasView query={query} />,
    trials: () => <TrialsView {...props} />,
  };
  // A backwards or missing range (or a report's missing facility) runs nothing: no old results stay.
  const problem = report.filters.includes('dates')
    ? rangeMessage(report.name as ReportKind, { start: filters.start, end: filters.end, facilityIds: filters.facilities }, report.name === 'bar')
    : null;
  return (
    <Box>
      <Title title={translate(`reports.names.${report.name}`)} />
      <FilterBar report={report} value={filters} onRun={apply} problem={problem} />
      {allowed && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="mod-range-reset">
          {translate('reports.filters.mod_reset', { from: formatDay(asked.start), to: formatDay(asked.end), start: formatDay(allowed.start), end: formatDay(allowed.end) })}
        </Alert>
      )}
      {report.filters.includes('dates') && <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>{translate('reports.filters.times')}</Typography>}
      {problem ? null : views[report.name]()}
    </Box>
  );
}
