import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { percentChange } from '../../../../core/reports';
import { money } from './format';
import './messages';

// Week over week (issue 13 item 5): each figure of the period against the previous period of equal
// length, the change in percent (0 when the previous is 0), and bar charts of the two periods (dollars and counts apart).

export interface Comparison { label: string; current: number; previous: number; money?: boolean }

export function WeekOverWeek({ figures, periods }: { figures: Comparison[]; periods: { current: string; previous: string } }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 3 }} data-testid="week-over-week">
      <Typography variant="h6" component="h2">{translate('reports.week.title')}</Typography>
      <Table size="small" sx={{ mb: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">{translate('reports.week.current')} ({periods.current})</TableCell>
            <TableCell align="right">{translate('reports.week.previous')} ({periods.previous})</TableCell>
            <TableCell align="right">{translate('reports.week.change')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {figures.map((f) => {
            const change = percentChange(f.current, f.previous);
            return (
              <TableRow key={f.label}>
                <TableCell>{f.label}</TableCell>
                <TableCell align="right">{f.money === false ? f.current : money(f.current)}</TableCell>
                <TableCell align="right">{f.money === false ? f.previous : money(f.previous)}</TableCell>
                <TableCell align="right" data-testid="change" sx={{ color: change > 0 ? 'success.main' : change < 0 ? 'error.main' : undefined }}>
                  {change > 0 ? '+' : ''}{change}%
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {/* Counts and dollars never share an axis: one chart for each kind of figure the report has. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {([['money', figures.filter((f) => f.money !== false)], ['counts', figures.filter((f) => f.money === false)]] as const)
          .filter(([, group]) => group.length > 0)
          .map(([kind, group]) => (
            <Box key={kind} data-testid={`week-chart-${kind}`} sx={{ flex: group.length, minWidth: 240 }}>
              <BarChart
                height={260}
                xAxis={[{ scaleType: 'band', data: group.map((f) => f.label) }]}
                yAxis={[{ width: 80, label: translate(`reports.week.axis_${kind}`), ...(kind === 'money' ? { valueFormatter: (v: number) => money(v) } : { tickMinStep: 1 }) }]}
                series={[
                  { data: group.map((f) => f.current), label: translate('reports.week.current') },
                  { data: group.map((f) => f.previous), label: translate('reports.week.previous') },
                ]}
              />
            </Box>
          ))}
      </Box>
    </Paper>
  );
}
