import { Alert, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { reloadPage } from './reloadPage';
import { useUpdateAvailable } from './useUpdateAvailable';

/** 'Update available, please click here' once a newer build is deployed; the click reloads. */
export function UpdateBar() {
  const translate = useTranslate();
  if (!useUpdateAvailable()) return null;
  return (
    <Alert severity="warning" sx={{ borderRadius: 0 }}>
      <Link component="button" type="button" color="inherit" onClick={reloadPage}>
        {translate('app.update_available')}
      </Link>
    </Alert>
  );
}
