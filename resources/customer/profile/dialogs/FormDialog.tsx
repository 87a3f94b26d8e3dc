import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

// The frame of the profile's small dialogs: a title, the fields, Cancel and a submit button.

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
  submitLabel?: string;
  submitDisabled?: boolean;
}

export function FormDialog({ open, title, onClose, onSubmit, children, submitLabel = 'customer_profile.save', submitDisabled }: FormDialogProps) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="profile-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="profile-dialog-title">{translate(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('customer_profile.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitDisabled}>{translate(submitLabel)}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What every profile dialog receives. */
export interface ProfileDialogProps {
  open: boolean;
  onClose(): void;
}
