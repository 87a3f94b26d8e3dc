import { Box } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslate } from 'react-admin';
import { ExportButton } from '../../../kit/components/ExportButton';
import { useTouchlineDataProvider, type ReportName, type ReportQuery, type ReportResult } from '../../../../dataProvider';
import { EXPORT_MAX_ROWS } from '../../../../core/constants';
import { allReportRows } from './useReport';
import './messages';

// A report table as an .xlsx file: prefix + timestamp, one named sheet, the grid's columns as shown.
// A server-paged table (`paged`) exports every row of the report for the filters, not the page shown.

export interface PagedTable<R> {
  name: ReportName;
  query: ReportQuery;
  /** Rows of the report for the filters. */
  total: number;
  /** The table's rows in a report's answer. */
  pick: (result: ReportResult) => R[] | undefined;
}

export function ReportExport<R extends GridValidRowModel>({ prefix, sheet, columns, rows, paged }: { prefix: string; sheet: string; columns: GridColDef<R>[]; rows: R[]; paged?: PagedTable<R> }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const cell = (column: GridColDef<R>, row: R) => {
    const raw = column.valueGetter ? (column.valueGetter as (v: unknown, r: R) => unknown)(row[column.field], row) : row[column.field];
    const shown = column.valueFormatter && column.type !== 'number' ? (column.valueFormatter as (v: unknown, r: R) => unknown)(raw, row) : raw;
    return typeof shown === 'number' || typeof shown === 'string' ? shown : shown == null ? '' : JSON.stringify(shown);
  };
  const build = async () => {
    const all = paged ? await allReportRows(dataProvider, paged.name, paged.query, paged.total, paged.pick) : rows;
    return { prefix, sheetName: sheet, header: columns.map((c) => c.headerName ?? c.field), rows: all.map((row) => columns.map((c) => cell(c, row))) };
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <ExportButton label={translate('reports.export')} disabled={!rows.length} build={build} />
      {paged && paged.total > EXPORT_MAX_ROWS && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>{translate('reports.export_limit', { count: EXPORT_MAX_ROWS.toLocaleString('en-US') })}</Box>
      )}
    </Box>
  );
}
