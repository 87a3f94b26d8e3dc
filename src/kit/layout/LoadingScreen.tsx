import { Box, CircularProgress, Typography } from '@mui/material';
import { useTimeout, useTranslate } from 'react-admin';
import { Logo } from './Logo';

/** Shown while the session is checked (<Admin loading>) and while the layout learns the role. */
export function LoadingScreen() {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <Logo linked={false} />
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{translate('app.loading')}</Typography>
    </Box>
  );
}

/**
 * A page on its way (its code loading, its guard deciding), after a second: react-admin's <Loading> reads
 * as a status with text of AA contrast (react-admin's own greys its text and leaves its spinner unnamed).
 */
export function PageLoading() {
  const translate = useTranslate();
  const late = useTimeout(1000);
  if (!late) return null;
  return (
    <Box role="status" sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{translate('app.loading')}</Typography>
    </Box>
  );
}
