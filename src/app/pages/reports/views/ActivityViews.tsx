import { Box, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportQuery } from '../../../../../dataProvider';
import { date, dateTime, personName } from '../format';
import { moneyColumn, ReportGrid } from '../ReportGrid';
import { ReportExport } from '../ReportExport';
import { usePreviousPeriod, useReport } from '../useReport';
import { WeekOverWeek } from '../WeekOverWeek';
import '../messages';
import type { CustomerName } from '../../../../../core/customer';

// The invoice and events reports: tables by status, product and location, week over week, and the
// invoices / events table, 50 a page.

interface Figures { count: number; invoiced?: number; discounted?: number; paid: number; balance: number; amount?: number; hours?: number }
/** A line of the by-status / product / location tables. */
type FigureRow = Figures & Record<string, unknown>;
interface Grouped<Row> {
  totals: Figures;
  by_status: FigureRow[];
  by_product: FigureRow[];
  by_location: FigureRow[];
  invoices?: { total: number; rows: Row[] };
  events?: { total: number; rows: Row[] };
}
interface InvoiceRow { ID: number; date: number; time_zone: string; customer: CustomerName | null; product: string; location: string; invoiced: number; discounted: number; paid: number; balance: number }
interface EventRow {
  ID: number; start_date: number; end_date: number; time_zone: string; duration: number; hourly_yield: number; customer: InvoiceRow['customer'];
  product_type: { ID: number; name: string }; location: string; resource: { name: string; outdoors: boolean; type: string }; amount: number; paid: number; balance: number;
}

type Kind = 'invoices' | 'events';

function useFigureColumns(kind: Kind, key: 'status' | 'product' | 'location'): GridColDef<FigureRow>[] {
  const translate = useTranslate();
  const c = (k: string) => translate(`reports.columns.${k}`);
  return [
    { field: key, headerName: c(key), flex: 2, minWidth: 140, valueFormatter: (v: unknown) => (key === 'status' ? translate(`reports.statuses.${String(v)}`, { _: String(v) }) : String(v ?? '')) },
    { field: 'count', headerName: c('count'), type: 'number', flex: 1, minWidth: 80 },
    ...(kind === 'events' ? [{ field: 'hours', headerName: c('hours'), type: 'number' as const, flex: 1 }, moneyColumn<FigureRow>('amount', c('amount'))]
      : [moneyColumn<FigureRow>('invoiced', c('invoiced')), moneyColumn<FigureRow>('discounted', c('discounted'))]),
    moneyColumn('paid', c('paid')),
    moneyColumn('balance', c('balance')),
  ];
}

const customerCell = (row: { customer: InvoiceRow['customer'] }) =>
  row.customer ? <Link component={RouterLink} to={`/customer/${row.customer.ID}`}>{personName(row.customer)}</Link> : '';

function useRowColumns(kind: Kind): GridColDef[] {
  const translate = useTranslate();
  const c = (k: string) => translate(`reports.columns.${k}`);
  if (kind === 'invoices') {
    return [
      { field: 'ID', headerName: c('invoice'), flex: 1, renderCell: ({ row }) => <Link component={RouterLink} to={`/invoice/${row.ID}`}>#{row.ID}</Link> },
      { field: 'date', headerName: c('date'), flex: 1, valueFormatter: (_v, row) => date(row.date, row.time_zone) },
      { field: 'customer', headerName: c('customer'), flex: 1.5, valueGetter: (_v, row) => personName(row.customer), renderCell: ({ row }) => customerCell(row) },
      { field: 'product', headerName: c('product'), flex: 1.5 },
      { field: 'location', headerName: c('location'), flex: 1.5 },
      moneyColumn('invoiced', c('invoiced')), moneyColumn('discounted', c('discounted')), moneyColumn('paid', c('paid')), moneyColumn('balance', c('balance')),
    ];
  }
  return [
    { field: 'start_date', headerName: c('date'), flex: 1, valueFormatter: (_v, row) => date(row.start_date, row.time_zone) },
    { field: 'timeslot', headerName: c('timeslot'), flex: 1.2, valueGetter: (_v, row) => `${dateTime(row.start_date, row.time_zone).split(' ')[1]}–${dateTime(row.end_date, row.time_zone).split(' ')[1]}` },
    { field: 'duration', headerName: c('duration'), type: 'number', flex: 0.8 },
    moneyColumn('hourly_yield', c('hourly_yield')),
    { field: 'customer', headerName: c('customer'), flex: 1.5, valueGetter: (_v, row) => personName(row.customer), renderCell: ({ row }) => customerCell(row) },
    { field: 'product_type', headerName: c('event_type'), flex: 1.5, valueGetter: (_v, row) => row.product_type.name,
      renderCell: ({ row }) => <Link component={RouterLink} to={`/event/${row.ID}`}>{row.product_type.name}</Link> },
    { field: 'location', headerName: c('facility'), flex: 1.2 },
    { field: 'resource', headerName: c('resource'), flex: 1.8, valueGetter: (_v, row) => `${row.resource.name} (${c(row.resource.outdoors ? 'outdoor' : 'indoor')}, ${row.resource.type})` },
    moneyColumn('amount', c('amount')), moneyColumn('paid', c('paid')), moneyColumn('balance', c('balance')),
  ];
}

export function ActivityView({ kind, query, periods, canExport }: { kind: Kind; query: ReportQuery; periods: (current: boolean) => string; canExport: boolean }) {
  const translate = useTranslate();
  const c = (k: string) => translate(`reports.columns.${k}`);
  const [page, setPage] = useState({ page: 0, pageSize: 50 });
  const current = useReport<Grouped<InvoiceRow | EventRow>>(kind, { ...query, range: [page.page * page.pageSize, page.page * page.pageSize + page.pageSize - 1] });
  const previous = usePreviousPeriod<Grouped<never>>(kind, query, true);
  const byStatus = useFigureColumns(kind, 'status');
  const byProduct = useFigureColumns(kind, 'product');
  const byLocation = useFigureColumns(kind, 'location');
  const rowColumns = useRowColumns(kind);
  const data = current.data;
  const before = previous.data;
  const table = kind === 'invoices' ? data?.invoices : data?.events;
  const amount = (f: Figures) => (kind === 'invoices' ? f.invoiced ?? 0 : f.amount ?? 0);
  return (
    <>
      {data && before && (
        <WeekOverWeek periods={{ current: periods(true), previous: periods(false) }} figures={[
          { label: c('count'), current: data.totals.count, previous: before.totals.count, money: false },
          { label: c(kind === 'invoices' ? 'invoiced' : 'amount'), current: amount(data.totals), previous: amount(before.totals) },
          { label: c('paid'), current: data.totals.paid, previous: before.totals.paid },
          { label: c('balance'), current: data.totals.balance, previous: before.totals.balance },
        ]} />
      )}
      {/* Six columns each: side by side only where a table keeps its headers whole (xl), one under another below. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(3, minmax(0, 1fr))' }, columnGap: 2 }} data-testid="breakdowns">
        <ReportGrid title={c('by_status')} loading={current.isFetching} rows={(data?.by_status ?? [])} getRowId={(r) => String(r.status)} columns={byStatus} />
        <ReportGrid title={c('by_product')} loading={current.isFetching} rows={(data?.by_product ?? [])} getRowId={(r) => String(r.product)} columns={byProduct} />
        <ReportGrid title={c('by_location')} loading={current.isFetching} rows={(data?.by_location ?? [])} getRowId={(r) => String(r.location)} columns={byLocation} />
      </Box>
      {canExport && <ReportExport prefix={kind} sheet={translate(`reports.names.${kind}`)} columns={rowColumns} rows={table?.rows ?? []}
        paged={{ name: kind, query, total: table?.total ?? 0, pick: (r) => (r as Partial<Grouped<InvoiceRow | EventRow>>)[kind]?.rows }} />}
      <ReportGrid testId={`${kind}-table`} loading={current.isFetching} rows={table?.rows ?? []} getRowId={(r) => r.ID} columns={rowColumns}
        rowCount={table?.total ?? 0} paginationModel={page} onPaginationModelChange={setPage} />
    </>
  );
}
