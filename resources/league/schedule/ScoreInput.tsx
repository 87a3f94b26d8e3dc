import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';

// A score typed in a table or the bracket: saved on blur when it changed (empty clears it).

export function ScoreInput({ value, label, disabled, onSave }: { value: number | null; label: string; disabled?: boolean; onSave(score: number | null): void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const commit = () => {
    const score = text.trim() === '' ? null : Number(text);
    if (score !== null && (!Number.isInteger(score) || score < 0 || score > 99)) return setText(value === null ? '' : String(value));
    if (score !== value) onSave(score);
  };
  return (
    <TextField
      size="small" fullWidth={false} sx={{ width: 56, flex: 'none' }} value={text} disabled={disabled} onChange={(e) => setText(e.target.value)} onBlur={commit}
      onKeyDown={(e) => { if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'numeric', style: { textAlign: 'center' } } }}
    />
  );
}
