import { useState } from 'react';
import { TextField } from '@mui/material';
import { FormDialog, useFormCall } from './FormDialog';
import type { Message } from './FormMessage';

// One field, one call: the small edits of the invoice and contract pages (a date, an item's price, a
// payment's details, a fee). `save` answers the problem to show, or throws the server's refusal; the dialog
// closes on success.

export function ValueDialog({ title, label, type = 'text', initial, save, onClose }: {
  title: string; label: string; type?: 'text' | 'number' | 'date'; initial: string;
  save(value: string): Promise<Message | void>; onClose(): void;
}) {
  const [value, setValue] = useState(initial);
  const { message, setMessage, busy, call } = useFormCall();

  const submit = async () => {
    const answer: { problem?: Message | void } = {};
    if (!(await call(async () => { answer.problem = await save(value); }))) return;
    if (answer.problem) setMessage(answer.problem);
    else onClose();
  };

  return (
    <FormDialog title={title} maxWidth="xs" onClose={onClose} onSubmit={() => void submit()} submitDisabled={busy} message={message}>
      <TextField autoFocus fullWidth type={type} label={label} value={value} onChange={(e) => setValue(e.target.value)}
        InputLabelProps={type === 'date' ? { shrink: true } : undefined} inputProps={type === 'number' ? { step: '0.01', min: 0 } : undefined} />
    </FormDialog>
  );
}
