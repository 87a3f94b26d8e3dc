import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { failure, FormMessage, type Message } from '../../src/components/FormMessage';

// One field, one call: the invoice page's small edits (the date, an item's price, a payment's details).
// `save` answers the problem to show, or throws the server's refusal; the dialog closes on success.

export function ValueDialog({ title, label, type = 'text', initial, save, onClose }: {
  title: string; label: string; type?: 'text' | 'number' | 'date'; initial: string;
  save(value: string): Promise<Message | void>; onClose(): void;
}) {
  const translate = useTranslate();
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      const problem = await save(value);
      if (problem) setMessage(problem);
      else onClose();
    } catch (error) {
      setMessage(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth sx={{ mt: 1 }} type={type} label={label} value={value} onChange={(e) => setValue(e.target.value)}
          InputLabelProps={type === 'date' ? { shrink: true } : undefined} inputProps={type === 'number' ? { step: '0.01', min: 0 } : undefined} />
        <FormMessage message={message} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('invoices.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>{translate('invoices.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
