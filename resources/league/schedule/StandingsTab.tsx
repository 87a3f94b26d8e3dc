import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ONE_GROUP_MAX_TEAMS } from '../../../core/schedule/groups';
import { useTouchlineDataProvider, type LeagueDetail } from '../../../dataProvider';
import { StandingsTable } from '../../../src/kit/components/StandingsTable/StandingsTable';
import './messages';

// The league page's Standings tab (spec 3 §2.9; issue 25): the table in rank order with its legend
// (the order of teams level on points, in words); a tournament with more than 5 teams filters by group.

export default function StandingsTab({ league }: { league: LeagueDetail }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const grouped = league.is_tournament && league.teams.length > ONE_GROUP_MAX_TEAMS;
  const [group, setGroup] = useState<number | ''>('');
  const { data: rows = [] } = useQuery({
    queryKey: ['league', 'schedule', 'standings', league.ID, group],
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
      <StandingsTable rows={rows} grouped={grouped} label={translate('standings.table')} empty={translate('standings.empty')} />
      <Typography variant="body2" color="text.secondary" data-testid="standings-legend">{translate('standings.legend')}</Typography>
    </Stack>
  );
}
