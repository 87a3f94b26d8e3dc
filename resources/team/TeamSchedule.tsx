import { Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../core/time';
import type { TeamDetail, TeamGameLeague, TeamMatch } from '../../core/api/teams';
import { StandingsTable } from '../../src/kit/components/StandingsTable/StandingsTable';
import './messages';

// The team page's Schedule & Standings tab (spec 3 §2.14; issue 41 item 2): for every league and
// tournament the team plays in, its games (Week, Date, Time, Home, Away, Score; a row opens the game's
// booking, /calendar/event/{id}) and that league's standings with the team's row marked.

const GAME_COLUMNS = ['week', 'date', 'time', 'home', 'away', 'score'] as const;

/** Each league once, those with standings first in their order (the latest first), then any other a game names. */
function leaguesOf(team: TeamDetail): TeamGameLeague[] {
  const seen = new Map<number, TeamGameLeague>();
  for (const { league } of team.standings) seen.set(league.ID, league);
  for (const { league } of team.matches) if (!seen.has(league.ID)) seen.set(league.ID, league);
  return [...seen.values()];
}

export default function TeamSchedule({ team, zone }: { team: TeamDetail; zone: string }) {
  const translate = useTranslate();
  const leagues = leaguesOf(team);
  if (leagues.length === 0) return <Typography color="text.secondary">{translate('teams.page.schedule.none')}</Typography>;
  return (
    <Stack spacing={4}>
      {leagues.map((league) => (
        <LeagueSection key={league.ID} team={team} league={league} zone={zone} />
      ))}
    </Stack>
  );
}

function LeagueSection({ team, league, zone }: { team: TeamDetail; league: TeamGameLeague; zone: string }) {
  const translate = useTranslate();
  const games = team.matches.filter((m) => m.league.ID === league.ID);
  const rows = team.standings.find((s) => s.league.ID === league.ID)?.rows ?? [];
  const heading = `team-league-${league.ID}`;
  // A tournament's groups rank apart: their rows say which group they rank in.
  const grouped = rows.some((row) => row.group !== null);
  return (
    <section aria-labelledby={heading} data-testid="team-league">
      <Typography id={heading} variant="h6" component="h2" gutterBottom>
        <Link component={RouterLink} to={`/${league.is_tournament ? 'tournament' : 'league'}/${league.ID}`}>{league.name}</Link>
      </Typography>
      <Table size="small" aria-label={translate('teams.page.schedule.games_of', { league: league.name })}>
        <TableHead>
          <TableRow>{GAME_COLUMNS.map((c) => <TableCell key={c}>{translate(`teams.page.schedule.columns.${c}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {games.length === 0 && <TableRow><TableCell colSpan={GAME_COLUMNS.length}>{translate('teams.page.schedule.no_games')}</TableCell></TableRow>}
          {games.map((game) => <GameRow key={game.ID} game={game} zone={zone} />)}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>{translate('teams.page.schedule.standings')}</Typography>
      <StandingsTable rows={rows} grouped={grouped} marked={team.ID} label={translate('teams.page.schedule.standings_of', { league: league.name })} empty={translate('teams.page.schedule.no_standings')} />
    </section>
  );
}

/** One game; with a booking, the row (and its date, for the keyboard) opens it on the calendar. */
function GameRow({ game, zone }: { game: TeamMatch; zone: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [date, time] = formatDateTime(game.date, zone).split(' ');
  const side = (name: string | null) => name ?? translate(game.is_bye ? 'teams.public.bye' : 'teams.public.tbd');
  const href = game.event_id === null ? null : `/calendar/event/${game.event_id}`;
  return (
    <TableRow data-testid="team-game" hover={Boolean(href)} sx={href ? { cursor: 'pointer' } : undefined} onClick={href ? () => navigate(href) : undefined}>
      <TableCell>{game.week ?? ''}</TableCell>
      <TableCell>{href ? <Link component={RouterLink} to={href} onClick={(e) => e.stopPropagation()}>{date}</Link> : date}</TableCell>
      <TableCell>{game.is_bye ? '' : time}</TableCell>
      <TableCell>{side(game.home_team)}</TableCell>
      <TableCell>{side(game.away_team)}</TableCell>
      <TableCell>{game.home_score !== null && game.away_score !== null ? `${game.home_score} – ${game.away_score}` : ''}</TableCell>
    </TableRow>
  );
}
