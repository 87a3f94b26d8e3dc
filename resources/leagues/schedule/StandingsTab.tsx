import { useState } from 'react';
import { MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ONE_GROUP_MAX_TEAMS } from '../../../core/schedule/groups';
import { useTouchlineDataProvider, type LeagueDetail } from '../../../dataProvider';
import './messages';

// The league page's Standings tab (spec 3 §2.9; issue 25): the table in rank order with its legend
// (the order of teams level on points, in words); a tournament with more than 5 teams filters by group.

const COLUMNS = ['rank', 'team', 'games', 'won', 'draw', 'lost', 'gf', 'ga', 'gd', 'points'] as const;

export default function StandingsTab({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const grouped = league.is_tournament && league.teams.length > ONE_GROUP_MAX_TEAMS;
  const [group, setGroup] = useState<number | ''>('');
  const { data: rows = [] } = useQuery({
    queryKey: ['league-standings', league.ID, group],
    queryFn: () => dataProvider.standings(league.ID, group === '' ? undefined : group),
  });
  return (
    <Stack spacing={1}>
      {grouped && (
        <TextField select size="small" label={translate('standings.group')} value={group} onChange={(e) => setGroup(e.target.value === '' ? '' : Number(e.target.value))} sx={{ maxWidth: 200 }}>
          <MenuItem value="">{translate('standings.all')}</MenuItem>
          {[1, 2].map((g) => <MenuItem key={g} value={g}>{translate('standings.group')} {g}</MenuItem>)}
        </TextField>
      )}
      <Table size="small" aria-label={translate('standings.table')}>
        <TableHead>
          <TableRow>
            {grouped && <TableCell>{translate('standings.group')}</TableCell>}
            {COLUMNS.map((c) => <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>{translate(`standings.columns.${c}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <TableRow><TableCell colSpan={COLUMNS.length + 1}>{translate('standings.empty')}</TableCell></TableRow>}
          {rows.map((row) => (
            <TableRow key={row.team_id} data-testid="standings-row">
              {grouped && <TableCell>{row.group}</TableCell>}
              {COLUMNS.map((c) => (
                <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>
                  {c === 'team' ? <RouterLink to={`/team/${row.team_id}`}>{row.team}</RouterLink> : row[c]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" data-testid="standings-legend">{translate('standings.legend')}</Typography>
    </Stack>
  );
}
