import { Alert, Box, Button, Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';

/**
 * An address the role may not open (issue 22 item 6): said at that address, rather than a silent move
 * to the calendar, with a way back (the previous page, when there is one) and to the calendar.
 */
export function AccessDenied() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const title = translate('access_denied.title');
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title={title} />
      <Alert severity="warning" role="alert">{title}. {translate('access_denied.text')}</Alert>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {window.history.length > 1 && <Button onClick={() => navigate(-1)}>{translate('access_denied.back')}</Button>}
        <Button variant="contained" component={Link} to="/">{translate('access_denied.home')}</Button>
      </Stack>
    </Box>
  );
}
