import { useEffect, useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

// A date, time or date-and-time input that keeps what is being typed. Chromium reports every key in a
// segment: a part half typed makes the value '', and a year typed digit by digit passes through 0002, 0020
// and 0203 before 2030. Bound straight to the state, React wrote the old value back over a half-typed part
// (the segment forgot its first digit, and the next keys landed in the wrong part) and a passing year moved
// a booking to 1902. Here the input shows what is typed, and `onValue` hears only a whole value of a year
// from 1970 (unix time's first); left half typed, the field shows the value it holds again on blur.

export type TypedDateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange'> & {
  type: 'date' | 'time' | 'datetime-local';
  /** The value held: YYYY-MM-DD, HH:mm or YYYY-MM-DDTHH:mm. */
  value: string;
  onValue(value: string): void;
};

const FIRST_YEAR = 1970;
const whole = (type: TypedDateFieldProps['type'], text: string) => text !== '' && (type === 'time' || Number(text.slice(0, 4)) >= FIRST_YEAR);

export function TypedDateField({ type, value, onValue, onBlur, ...props }: TypedDateFieldProps) {
  const [typed, setTyped] = useState(value);
  // The value held changed (this field's own whole value, or another field moved it): show it.
  useEffect(() => setTyped(value), [value]);
  return (
    <TextField {...props} type={type} value={typed}
      onChange={(e) => {
        setTyped(e.target.value);
        if (whole(type, e.target.value) && e.target.value !== value) onValue(e.target.value);
      }}
      onBlur={(e) => { setTyped(value); onBlur?.(e); }} />
  );
}
