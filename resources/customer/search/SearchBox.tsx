import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../src/kit/components/CustomerPicker/useDebouncedValue';

/**
 * The customer search box: the search runs 300 ms after typing stops, or at once on Enter.
 * `onSearch` receives the query; `initial` seeds the box (e.g. from the URL).
 */
export function SearchBox({ label, initial = '', onSearch, autoFocus }: { label: string; initial?: string; onSearch(query: string): void; autoFocus?: boolean }) {
  const [input, setInput] = useState(initial);
  const settled = useDebouncedValue(input);
  // Only when the text settles: onSearch is usually a new function on every render.
  useEffect(() => onSearch(settled.trim()), [settled]);

  return (
    <TextField
      fullWidth
      type="search"
      label={label}
      value={input}
      autoFocus={autoFocus}
      onChange={(e) => setInput(e.target.value)}
      onKeyDown={(e) => { if (e.key === 'Enter') onSearch(input.trim()); }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
    />
  );
}
