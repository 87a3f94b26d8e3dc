import { useRef } from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import QRCode from 'react-qr-code';
import { useTranslate } from 'react-admin';
import { defaultTimeZone, formatDateTime } from '../../../../core/time';
import type { Scoreboard } from '../../../../core/scoreboards/protocol';
import { downloadSvg } from './qr';
import './messages';

/** One board: connected indicator, field, port, facility, the live score and start time, and its actions. */
export function ScoreboardCard({ scoreboard, onReset }: { scoreboard: Scoreboard; onReset: (scoreboard: Scoreboard) => void }) {
  const translate = useTranslate();
  const qr = useRef<HTMLDivElement>(null);
  const { ID, port, field, facility, connected, game } = scoreboard;
  const title = `scoreboard-${ID}-title`;

  return (
    <Card component="section" aria-labelledby={title} variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={title} variant="h6" component="h2">
            {translate('scoreboards.field', { number: field.number, name: field.name })}
          </Typography>
          <Chip
            size="small"
            color={connected ? 'success' : 'default'}
            label={translate(connected ? 'scoreboards.online' : 'scoreboards.offline')}
            data-testid="connected"
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('scoreboards.port', { port })} · {facility.name}
        </Typography>
        {game ? (
          <Box sx={{ mt: 1.5 }} data-testid="game">
            <Typography variant="h5" component="p" aria-label={`${game.home} ${game.home_score}, ${game.away} ${game.away_score}`}>
              {game.home} {game.home_score} – {game.away_score} {game.away}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('scoreboards.started', { time: formatDateTime(game.start, defaultTimeZone(facility.ID)) })}
            </Typography>
          </Box>
        ) : (
          <Typography sx={{ mt: 1.5 }} color="text.secondary" data-testid="game">
            {translate('scoreboards.no_game')}
          </Typography>
        )}
        {/* The QR code that Download QR saves: it encodes the board's port. */}
        <Box ref={qr} sx={{ display: 'none' }} aria-hidden>
          <QRCode value={String(port)} size={256} />
        </Box>
      </CardContent>
      <CardActions>
        <Button size="small" startIcon={<RestartAltIcon />} onClick={() => onReset(scoreboard)}>
          {translate('scoreboards.reset')}
        </Button>
        <Button size="small" startIcon={<QrCodeIcon />} onClick={() => {
            const svg = qr.current?.querySelector('svg');
            if (svg) downloadSvg(svg, `scoreboard-port-${port}`);
          }}>
          {translate('scoreboards.download_qr')}
        </Button>
      </CardActions>
    </Card>
  );
}
