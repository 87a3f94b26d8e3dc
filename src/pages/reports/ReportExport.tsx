import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslate } from 'react-admin';
import { ExportButton } from '../../components/ExportButton';
import './messages';

// A report table as an .xlsx file: prefix + timestamp, one named sheet, the grid's columns as shown.

export function ReportExport<R extends GridValidRowModel>({ prefix, sheet, columns, rows }: { prefix: string; sheet: string; columns: GridColDef<R>[]; rows: R[] }) {
  const translate = useTranslate();
  const cell = (column: GridColDef<R>, row: R) => {
    const raw = column.valueGetter ? (column.valueGetter as (v: unknown, r: R) => unknown)(row[column.field], row) : row[column.field];
    const shown = column.valueFormatter && column.type !== 'number' ? (column.valueFormatter as (v: unknown, r: R) => unknown)(raw, row) : raw;
    return typeof shown === 'number' || typeof shown === 'string' ? shown : shown == null ? '' : JSON.stringify(shown);
  };
  return (
    <ExportButton label={translate('reports.export')} disabled={!rows.length}
      build={() => ({ prefix, sheetName: sheet, header: columns.map((c) => c.headerName ?? c.field), rows: rows.map((row) => columns.map((c) => cell(c, row))) })} />
  );
}
