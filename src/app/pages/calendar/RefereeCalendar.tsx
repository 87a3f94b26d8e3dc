import { Box, Button, Typography } from '@mui/material';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { Link as RouterLink } from 'react-router-dom';
import AppleIcon from '@mui/icons-material/Apple';
import ShopIcon from '@mui/icons-material/Shop';
import { Title, useTranslate } from 'react-admin';

// Where the referee mobile app is published; set at build time (VITE_REFEREE_APP_STORE_URL,
// VITE_REFEREE_PLAY_STORE_URL), else the stores' own pages.
export const APP_STORE_URL = import.meta.env.VITE_REFEREE_APP_STORE_URL || 'https://apps.apple.com/';
export const PLAY_STORE_URL = import.meta.env.VITE_REFEREE_PLAY_STORE_URL || 'https://play.google.com/store/apps';

/** What a referee sees on /calendar (spec 1 §2): the two store buttons of the referee app, and their schedule's link (issue 41 m23). */
export function RefereeCalendar() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3, py: 6, textAlign: 'center' }}>
      <Title title={translate('referee.title')} />
      <Typography>{translate('referee.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" size="large" startIcon={<AppleIcon />} href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
          {translate('referee.app_store')}
        </Button>
        <Button variant="contained" size="large" startIcon={<ShopIcon />} href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer">
          {translate('referee.play_store')}
        </Button>
      </Box>
      <Button variant="outlined" startIcon={<EventNoteIcon />} component={RouterLink} to="/schedule">{translate('referee.my_schedule')}</Button>
    </Box>
  );
}
