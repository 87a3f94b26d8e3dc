import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { downloadSpreadsheet, type Sheet } from './spreadsheet';

/**
 * An Export button that downloads the sheet `build()` answers (nothing to export: disabled); a sheet
 * that is still to be fetched keeps the button busy until it is written.
 */
export function ExportButton({ build, disabled, label = 'ra.action.export' }: { build: () => Sheet | Promise<Sheet>; disabled?: boolean; label?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadSpreadsheet(await build());
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button sx={{ alignSelf: 'flex-end' }} variant="outlined" startIcon={<DownloadIcon />} disabled={disabled || busy} onClick={() => void run()}>
      {translate(label)}
    </Button>
  );
}
