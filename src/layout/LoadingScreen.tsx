import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
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
