import { Box, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportQuery } from '../../../../../dataProvider';
import { FigureTable } from '../FigureTable';
import { dateTime, personName } from '../format';
import { moneyColumn, ReportGrid } from '../ReportGrid';
import { ReportExport } from '../ReportExport';
import { usePreviousPeriod, useReport } from '../useReport';
import { WeekOverWeek } from '../WeekOverWeek';
import '../messages';
import type { CustomerName } from '../../../../../core/customer';

// The sales report (cash or activity basis; the bar report is its bar sales, the payments report its
// payments summary and transactions): sales and payments summaries, week over week with its
// chart, net sales by product and location, and the transactions, newest first, 50 a page.

export interface SalesResult {
  sales: { gross_sales: number; refunds: number; discounts: number; net_sales: number; taxes: number; total_sales: number };
  payments: { total_collected: number; by_type: Array<{ type: string; amount: number; count: number }>; fees: number; net_total: number };
  by_product: Array<{ product_type_id: number; product: string; net_sales: number }>;
  by_location: Array<{ facility_id: number; location: string; net_sales: number }>;
  transactions?: { total: number; rows: Transaction[] };
}
export interface Transaction { ID: number; date: number; time_zone: string; amount: number; type: string; product: string; invoice_id: number; location: string; customer: CustomerName | null }

export function useTransactionColumns(): GridColDef<Transaction>[] {
  const translate = useTranslate();
  const t = (key: string) => translate(`reports.columns.${key}`);
  return [
    { field: 'date', headerName: t('date'), minWidth: 150, flex: 1, valueFormatter: (_v, row) => dateTime(row.date, row.time_zone) },
    moneyColumn('amount', t('amount')),
    { field: 'type', headerName: t('type'), flex: 1, valueFormatter: (value: string) => translate(`values.payment_methods.${value}`, { _: value }) },
    { field: 'product', headerName: t('product'), flex: 1.5 },
    { field: 'invoice_id', headerName: t('invoice'), flex: 1, renderCell: ({ row }) => <Link component={RouterLink} to={`/invoice/${row.invoice_id}`}>#{row.invoice_id}</Link> },
    { field: 'customer', headerName: t('customer'), flex: 1.5, valueGetter: (_v, row) => personName(row.customer),
      renderCell: ({ row }) => (row.customer ? <Link component={RouterLink} to={`/customer/${row.customer.ID}`}>{personName(row.customer)}</Link> : '') },
    { field: 'location', headerName: t('location'), flex: 1.5 },
  ];
}

export function SalesView({ name = 'sales', query, periods, canExport }: { name?: 'sales' | 'bar' | 'payments'; query: ReportQuery; periods: (current: boolean) => string; canExport: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`reports.sales.${key}`);
  const [page, setPage] = useState({ page: 0, pageSize: 50 });
  const current = useReport<SalesResult>(name, { ...query, range: [page.page * page.pageSize, page.page * page.pageSize + page.pageSize - 1] });
  const previous = usePreviousPeriod<SalesResult>('sales', query, name === 'sales');
  const columns = useTransactionColumns();
  const data = current.data;
  const before = previous.data;
  const c = (key: string) => translate(`reports.columns.${key}`);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        {name !== 'payments' && <FigureTable testId="sales-summary" title={t('summary')} lines={[
          { label: t('gross_sales'), value: data?.sales.gross_sales }, { label: t('refunds'), value: data?.sales.refunds },
          { label: t('discounts'), value: data?.sales.discounts }, { label: t('net_sales'), value: data?.sales.net_sales },
          { label: t('taxes'), value: data?.sales.taxes }, { label: t('total_sales'), value: data?.sales.total_sales, strong: true },
        ]} />}
        <FigureTable testId="payments-summary" title={t('payments_summary')} lines={[
          { label: t('total_collected'), value: data?.payments.total_collected },
          ...(data?.payments.by_type ?? []).map((p) => ({ label: translate(`values.payment_methods.${p.type}`, { _: p.type }), value: p.amount })),
          { label: t('fees'), value: data?.payments.fees }, { label: t('net_total'), value: data?.payments.net_total, strong: true },
        ]} />
      </Box>
      {name === 'sales' && data && before && (
        <WeekOverWeek periods={{ current: periods(true), previous: periods(false) }} figures={[
          { label: t('gross_sales'), current: data.sales.gross_sales, previous: before.sales.gross_sales },
          { label: t('net_sales'), current: data.sales.net_sales, previous: before.sales.net_sales },
          { label: t('total_sales'), current: data.sales.total_sales, previous: before.sales.total_sales },
          { label: t('total_collected'), current: data.payments.total_collected, previous: before.payments.total_collected },
        ]} />
      )}
      {name !== 'payments' && <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
        <ReportGrid title={t('by_product')} loading={current.isFetching} rows={data?.by_product ?? []} getRowId={(r) => r.product_type_id ?? 0}
          columns={[{ field: 'product', headerName: c('product'), flex: 2 }, moneyColumn('net_sales', t('net_sales'))]} />
        <ReportGrid title={t('by_location')} loading={current.isFetching} rows={data?.by_location ?? []} getRowId={(r) => r.facility_id}
          columns={[{ field: 'location', headerName: c('location'), flex: 2 }, moneyColumn('net_sales', t('net_sales'))]} />
      </Box>}
      {canExport && <ReportExport prefix={name} sheet={t('transactions')} columns={columns} rows={data?.transactions?.rows ?? []}
        paged={{ name, query, total: data?.transactions?.total ?? 0, pick: (r) => (r as Partial<SalesResult>).transactions?.rows }} />}
      <ReportGrid testId="transactions" title={t('transactions')} loading={current.isFetching} rows={data?.transactions?.rows ?? []} getRowId={(r) => r.ID} columns={columns}
        rowCount={data?.transactions?.total ?? 0} paginationModel={page} onPaginationModelChange={setPage} />
    </>
  );
}
