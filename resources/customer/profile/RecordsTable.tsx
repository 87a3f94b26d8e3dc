import { LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import './messages';

// The plain table of every profile tab: translated column headers, one row per record.

export interface Column<T> {
  /** i18n key of the header. */
  label: string;
  render(row: T): ReactNode;
}

export function RecordsTable<T extends { ID: number }>({ rows, columns, loading, label }: { rows: T[] | undefined; columns: Column<T>[]; loading?: boolean; label: string }) {
  const translate = useTranslate();
  if (loading) return <LinearProgress sx={{ my: 1 }} />;
  if (!rows || rows.length === 0) return <Typography color="text.secondary" sx={{ py: 2 }}>{translate('customer_profile.empty')}</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>{columns.map((c) => <TableCell key={c.label}>{translate(c.label)}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.ID}>{columns.map((c) => <TableCell key={c.label}>{c.render(row)}</TableCell>)}</TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
