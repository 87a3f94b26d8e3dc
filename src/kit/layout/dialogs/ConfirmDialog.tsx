import { useRef } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { confirmTexts } from './confirmTexts';
import type { ConfirmRequest } from './dialogStore';
import { useDialogState, useDialogStore } from './DialogsContext';

/** The confirm and delete-confirm dialogs; useDialogs().confirm / confirmDelete open them. */
export function ConfirmDialog() {
  const { confirm } = useDialogState();
  const store = useDialogStore();
  const translate = useTranslate();
  const shown = useRef<ConfirmRequest | null>(null);
  if (confirm) shown.current = confirm;
  const request = shown.current;
  const isDelete = request?.kind === 'delete';
  const { title, message } = confirmTexts(request, translate);

  return (
    <Dialog open={confirm !== null} onClose={() => store.answer(false)} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => store.answer(false)}>{translate('dialog.cancel')}</Button>
        <Button onClick={() => store.answer(true)} color={isDelete ? 'error' : 'primary'} variant="contained" autoFocus>
          {translate(isDelete ? 'dialog.delete' : 'dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
