import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StandingsRow } from '../../../../core/schedule/standings';
import './messages';

// A league's standings in rank order (spec 3 §2.9, §2.14): the group when the rows rank within groups,
// rank, team (a link to its page), games, won, draw, lost, goals for and against, goal difference,
// points. The league page's Standings tab and the team page's Schedule & Standings tab show it.

const COLUMNS = ['rank', 'team', 'games', 'won', 'draw', 'lost', 'gf', 'ga', 'gd', 'points'] as const;

export interface StandingsTableProps {
  rows: readonly StandingsRow[];
  /** The table's accessible name. */
  label: string;
  /** What an empty table says. */
  empty: string;
  /** Rows rank within their group: a Group column says which. */
  grouped?: boolean;
  /** The team whose row is marked. */
  marked?: number;
}

export function StandingsTable({ rows, label, empty, grouped = false, marked }: StandingsTableProps) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {grouped && <TableCell>{translate('standings_table.group')}</TableCell>}
          {COLUMNS.map((c) => <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>{translate(`standings_table.columns.${c}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && <TableRow><TableCell colSpan={COLUMNS.length + 1}>{empty}</TableCell></TableRow>}
        {rows.map((row) => (
          <TableRow key={`${row.group ?? 0}-${row.team_id}`} selected={marked !== undefined && row.team_id === marked} data-testid="standings-row">
            {grouped && <TableCell>{row.group}</TableCell>}
            {COLUMNS.map((c) => (
              <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>
                {c === 'team' ? <Link component={RouterLink} to={`/team/${row.team_id}`}>{row.team}</Link> : row[c]}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
