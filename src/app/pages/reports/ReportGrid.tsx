import { Box, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../../../core/constants';
import { money } from './format';
import './messages';

// A report table: MUI X data grid (sort, column visibility, density) with a progress bar while the
// report loads. Server-paged tables pass rowCount and the page model.

export interface ReportGridProps<R extends GridValidRowModel> {
  title?: string;
  rows: R[];
  columns: GridColDef<R>[];
  loading: boolean;
  getRowId?: (row: R) => string | number;
  rowCount?: number;
  paginationModel?: GridPaginationModel;
  onPaginationModelChange?: (model: GridPaginationModel) => void;
  pageSizes?: readonly number[];
  testId?: string;
}

export function ReportGrid<R extends GridValidRowModel>({ title, rows, columns, loading, getRowId, rowCount, paginationModel, onPaginationModelChange, pageSizes = PAGE_SIZES, testId }: ReportGridProps<R>) {
  const translate = useTranslate();
  const server = rowCount !== undefined;
  return (
    // minWidth 0: a grid or flex item never grows past its track; a table wider than its box scrolls inside it.
    <Box sx={{ mb: 3, minWidth: 0, maxWidth: '100%' }} data-testid={testId}>
      {title && <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>}
      <DataGrid<R>
        rows={rows}
        columns={columns}
        loading={loading}
        getRowId={getRowId}
        density="compact"
        autoHeight
        showToolbar
        pageSizeOptions={[...pageSizes]}
        initialState={server ? undefined : { pagination: { paginationModel: { pageSize: pageSizes.includes(50) ? 50 : pageSizes[0], page: 0 } } }}
        {...(server ? { paginationMode: 'server' as const, rowCount, paginationModel, onPaginationModelChange } : {})}
        // Exports are the xlsx ones of the report (admins), not the grid's CSV and print.
        slotProps={{
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' },
          toolbar: { csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } },
        }}
        localeText={{ noRowsLabel: translate('reports.empty') }}
        disableRowSelectionOnClick
        // Headers wrap onto a second line rather than end in "…".
        columnHeaderHeight={52}
        sx={{ '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, overflow: 'visible', textOverflow: 'clip' } }}
      />
    </Box>
  );
}

/** A column of money in dollars. */
export const moneyColumn = <R extends GridValidRowModel>(field: string, headerName: string, extra: Partial<GridColDef<R>> = {}): GridColDef<R> => ({
  field, headerName, type: 'number', minWidth: 110, flex: 1,
  valueFormatter: (value: unknown) => money(value),
  ...extra,
});
