import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { downloadSpreadsheet, type Sheet } from './spreadsheet';

/** An Export button that downloads the sheet `build()` answers (nothing to export: disabled). */
export function ExportButton({ build, disabled, label = 'ra.action.export' }: { build: () => Sheet; disabled?: boolean; label?: string }) {
  const translate = useTranslate();
  return (
    <Button sx={{ alignSelf: 'flex-end' }} variant="outlined" startIcon={<DownloadIcon />} disabled={disabled} onClick={() => void downloadSpreadsheet(build())}>
      {translate(label)}
    </Button>
  );
}
