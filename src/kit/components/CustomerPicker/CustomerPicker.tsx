import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CustomerSummary } from '../../../../dataProvider';
import { EmailText } from '../ContactText';
import { useCustomerSearch } from './useCustomerSearch';
import { useDebouncedValue } from './useDebouncedValue';
import './messages';

export interface CustomerPickerProps {
  label: string;
  value: CustomerSummary | null;
  onChange(customer: CustomerSummary | null): void;
  /** Which customers may be picked (e.g. only children, only adults). */
  accept?: (customer: CustomerSummary) => boolean;
  /** The error under the field, already translated. */
  error?: string;
  autoFocus?: boolean;
}

export const customerLabel = (c: CustomerSummary) => `${c.first_name} ${c.last_name}`;

/** Picks an existing customer by the customer search, asked 300 ms after the typing stops. */
export function CustomerPicker({ label, value, onChange, accept = () => true, error, autoFocus }: CustomerPickerProps) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  // What the user typed: picking a customer writes their name into the field ('selectOption', 'reset',
  // 'blur'), which is no search.
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed);
  const { data = [], isFetching } = useCustomerSearch(query);
  const options = data.filter(accept);

  return (
    <Autocomplete
      value={value}
      onChange={(_, picked) => onChange(picked)}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        setInput(text);
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      options={options}
      // The server already matched every word; the browser must not filter again.
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.ID === b.ID}
      getOptionLabel={customerLabel}
      loading={isFetching}
      noOptionsText={translate(query.trim() ? 'customer_picker.none' : 'customer_picker.type')}
      renderOption={({ key: _key, ...props }, c) => (
        <li key={c.ID} {...props}>
          {customerLabel(c)} · {c.email ? <EmailText email={c.email} /> : '—'} · {c.facility.name}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} autoFocus={autoFocus} />}
    />
  );
}
