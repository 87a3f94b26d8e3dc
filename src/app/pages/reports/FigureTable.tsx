import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { money } from './format';

// A summary block: label and amount per line (the sales and payments summaries), the last line bold.

export function FigureTable({ title, lines, testId }: { title: string; lines: Array<{ label: string; value: number | undefined; strong?: boolean }>; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 280, flex: 1 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
      <Table size="small">
        <TableHead sx={{ display: 'none' }}><TableRow><TableCell /><TableCell /></TableRow></TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.label}>
              <TableCell sx={{ fontWeight: line.strong ? 700 : undefined }}>{line.label}</TableCell>
              <TableCell align="right" sx={{ fontWeight: line.strong ? 700 : undefined }}>{money(line.value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
