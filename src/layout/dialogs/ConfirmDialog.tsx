import { useRef } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sentence } from '../../i18n/sentence';
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
  const text = (value: string | undefined, fallback: string) => sentence(value ? translate(value, { _: value }) : translate(fallback));

  return (
    <Dialog open={confirm !== null} onClose={() => store.answer(false)} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">
        {text(request?.title, isDelete ? 'dialog.delete_title' : 'dialog.confirm_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{text(request?.message, isDelete ? 'dialog.irreversible' : 'dialog.confirm_title')}</DialogContentText>
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
