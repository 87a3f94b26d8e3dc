import { Alert, Box, Button, Chip, Container, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../core/time';
import { useTouchlineDataProvider, type PublicTeam } from '../../dataProvider';
import { teamFeedUrls } from './publicLink';
import './messages';

// The public team page (/public/team?ref=…, issue 24 item 6): signed out, by the reference of the team's
// link. The team, the league it plays now or next, its schedule and results in every league and
// tournament it plays in (issue 41), in the facility's time zone, each one's standings when it shows
// them online, and its calendar feed to subscribe to. An unknown or revoked reference
// shows that the link is not valid.

export default function PublicTeamPage() {
  const api = useTouchlineDataProvider();
  const translate = useTranslate();
  const [params] = useSearchParams();
  const reference = params.get('ref') ?? '';
  const { data: team, isError } = useQuery({ queryKey: ['publicTeam', reference], queryFn: () => api.publicTeam(reference), enabled: Boolean(reference), meta: { errorDialog: false } });
  return (
    <Container maxWidth="md" component="main" sx={{ py: 3 }}>
      <Paper sx={{ p: 3 }}>
        {(isError || !reference) && <Alert severity="error">{translate('teams.public.not_found')}</Alert>}
        {team && <PublicTeamBody team={team} reference={reference} />}
      </Paper>
    </Container>
  );
}

function PublicTeamBody({ team, reference }: { team: PublicTeam; reference: string }) {
  const translate = useTranslate();
  const zone = team.facility.time_zone;
  const feed = teamFeedUrls(reference);
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Box sx={{ width: 20, height: 20, borderRadius: '50%', bgcolor: team.color, flexShrink: 0 }} aria-hidden />
          <Typography variant="h4" component="h1">{team.name}</Typography>
        </Stack>
        <Typography color="text.secondary">
          {team.league ? `${team.league.name} · ${formatDate(team.league.start_date, zone)} – ${formatDate(team.league.end_date, zone)} · ` : ''}{team.facility.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          <Button variant="contained" startIcon={<EventIcon />} href={feed.webcal}>{translate('teams.public.subscribe')}</Button>
          <Button href={feed.https}>{translate('teams.public.download')}</Button>
        </Stack>
      </Stack>

      <section aria-labelledby="public-players">
        <Typography id="public-players" variant="h6" component="h2" gutterBottom>{translate('teams.public.players')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {team.players.map((p) => (
            <Chip key={p.name} label={`${p.name}${p.is_captain ? ` ${translate('teams.page.players.captain')}` : ''}${p.is_coach ? ` ${translate('teams.page.players.coach')}` : ''}`} />
          ))}
        </Stack>
      </section>

      <section aria-labelledby="public-schedule">
        <Typography id="public-schedule" variant="h6" component="h2" gutterBottom>{translate('teams.public.schedule')}</Typography>
        {team.matches.length === 0 ? <Typography color="text.secondary">{translate('teams.public.no_matches')}</Typography> : (
          <Table size="small" aria-labelledby="public-schedule">
            <TableHead>
              <TableRow>{(['date', 'league', 'field', 'home', 'away', 'score'] as const).map((c) => <TableCell key={c}>{translate(`teams.public.columns.${c}`)}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {team.matches.map((m) => (
                <TableRow key={m.ID} data-testid="public-match">
                  <TableCell>{formatDateTime(m.date, zone)}</TableCell>
                  <TableCell>{m.league}</TableCell>
                  <TableCell>{m.field ?? ''}</TableCell>
                  <TableCell>{m.home ?? (m.is_bye ? translate('teams.public.bye') : translate('teams.public.tbd'))}</TableCell>
                  <TableCell>{m.away ?? (m.is_bye ? translate('teams.public.bye') : translate('teams.public.tbd'))}</TableCell>
                  <TableCell>{m.home_score !== null && m.away_score !== null ? `${m.home_score} – ${m.away_score}` : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      {team.leagues.map((league, l) => league.standings && (
        <section key={`${league.name}-${l}`} aria-labelledby={`public-standings-${l}`}>
          <Typography id={`public-standings-${l}`} variant="h6" component="h2" gutterBottom>{translate('teams.public.standings_of', { league: league.name })}</Typography>
          <Table size="small" aria-labelledby={`public-standings-${l}`} data-testid="public-standings">
            <TableHead>
              <TableRow>{(['rank', 'team', 'games', 'won', 'draw', 'lost', 'gf', 'ga', 'gd', 'points'] as const).map((c) => <TableCell key={c} align={c === 'team' ? 'left' : 'right'}>{translate(`teams.public.columns.${c}`)}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {league.standings.map((r) => (
                <TableRow key={`${r.group ?? 0}-${r.team}`} selected={r.team === team.name}>
                  {([r.rank, r.team, r.games, r.won, r.draw, r.lost, r.gf, r.ga, r.gd, r.points] as const).map((v, i) => <TableCell key={i} align={i === 1 ? 'left' : 'right'}>{v}</TableCell>)}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ))}
    </Stack>
  );
}
