import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorText } from '../layout/dialogs/errorText';

export interface Message {
  severity: 'error' | 'success';
  /** An i18n key or a readable text (a server's message). */
  text: string;
}

/** The message line of a small form: a spec message, a success note or a server's answer. */
export function FormMessage({ message }: { message: Message | null }) {
  const translate = useTranslate();
  if (!message) return null;
  return (
    <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
      {translate(message.text, { _: message.text })}
    </Alert>
  );
}

/** The message for a failed call, worded as the error dialog words it. */
export const failure = (error: unknown): Message => ({ severity: 'error', text: errorText(error) });
