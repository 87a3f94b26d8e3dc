import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface Column<T> { label: string; render(row: T): ReactNode; numeric?: boolean }

/** A titled table of records, 'None' when there are none (an invoice's lines and payments, the refund review). */
export function SimpleTable<T extends { ID: number }>({ title, rows, columns }: { title: string; rows: T[]; columns: Array<Column<T>> }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="h6" sx={{ mt: 2 }}>{title}</Typography>
      {rows.length === 0 ? <Typography color="text.secondary">{translate('app.none')}</Typography> : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>{columns.map((c) => <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>{c.label}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.ID}>{columns.map((c) => <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>{c.render(row)}</TableCell>)}</TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
