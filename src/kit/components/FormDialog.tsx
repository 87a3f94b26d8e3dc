import { Button, DialogActions, DialogContent, Stack, type ButtonProps, type DialogProps } from '@mui/material';
import { KitDialog } from '../layout/KitDialog';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useDialogs } from '../layout/dialogs';
import { failure, FormMessage, type Message } from './FormMessage';

// The frame of the small form dialogs (the customer profile's, the invoice page's): a title, the
// fields, the form's message line, Cancel and a submit button. Texts are i18n keys or readable text.

export interface FormDialogProps {
  /** Open unless told otherwise (a dialog its parent mounts only while it is open). */
  open?: boolean;
  title: string;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
  submitLabel?: string;
  /** The closing button's label: Cancel, or Close once there is nothing left to cancel. */
  cancelLabel?: string;
  submitDisabled?: boolean;
  /** When the fields bring their own action (the payment dialog's card form and terminal checkout): no submit button, and Enter submits nothing. */
  hideSubmit?: boolean;
  submitColor?: ButtonProps['color'];
  maxWidth?: DialogProps['maxWidth'];
  /** A spec message or the server's refusal, shown under the fields. */
  message?: Message | null;
}

export function FormDialog({
  open = true, title, onClose, onSubmit, children, submitLabel = 'ra.action.save', cancelLabel = 'ra.action.cancel', submitDisabled, hideSubmit = false, submitColor = 'primary', maxWidth = 'sm', message = null,
}: FormDialogProps) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hideSubmit) onSubmit();
  };
  return (
    <KitDialog open={open} onClose={onClose} maxWidth={maxWidth} title={translate(title, { _: title })}>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            <FormMessage message={message} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate(cancelLabel)}</Button>
          {!hideSubmit && <Button type="submit" variant="contained" color={submitColor} disabled={submitDisabled}>{translate(submitLabel, { _: submitLabel })}</Button>}
        </DialogActions>
      </form>
    </KitDialog>
  );
}

/** What a dialog that its parent opens and closes receives. */
export interface OpenDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * A form dialog's call: useDialogs().run (the loading indicator) with a refusal shown on the form
 * (`message`) rather than in the error dialog, and `busy` while it runs, to disable the submit button.
 * `call` resolves whether the work succeeded.
 */
export function useFormCall() {
  const { run } = useDialogs();
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  async function call(work: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    try {
      return (await run(async () => { await work(); return true; }, { onError: (error) => setMessage(failure(error)) })) === true;
    } finally {
      setBusy(false);
    }
  }
  return { message, setMessage, busy, call };
}
