import { useId, type ReactNode } from 'react';
import { Dialog, DialogTitle, type DialogProps } from '@mui/material';

// The one dialog frame of the app: a titled, labelled MUI dialog. Every record dialog (the kit's
// EntityDialog, DeclaredDialog, FormDialog, and the few that lay out their own content) is built on it.

export interface KitDialogProps {
  open: boolean;
  onClose(): void;
  /** The title as shown (already translated). */
  title: ReactNode;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** As wide as maxWidth allows (the default), or as wide as its content (a one-line confirmation). */
  fullWidth?: boolean;
  fullScreen?: boolean;
}

export function KitDialog({ open, onClose, title, children, maxWidth = 'sm', fullWidth = true, fullScreen }: KitDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth={fullWidth} maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}
