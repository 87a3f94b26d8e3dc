import { useRef } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDialogState, useDialogStore } from './DialogsContext';

export function ErrorDialog() {
  const { error } = useDialogState();
  const store = useDialogStore();
  const translate = useTranslate();
  // Keep the text while the dialog fades out after Dismiss.
  const shown = useRef('');
  if (error !== null) shown.current = error;

  return (
    <Dialog open={error !== null} onClose={store.dismissError} aria-labelledby="error-dialog-title">
      <DialogTitle id="error-dialog-title">{translate('dialog.error_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {translate(shown.current, { _: shown.current })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={store.dismissError} autoFocus>
          {translate('dialog.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
