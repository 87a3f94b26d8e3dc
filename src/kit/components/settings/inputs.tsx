import { InputAdornment } from '@mui/material';
import { minValue, NumberInput, required, SelectInput, useTranslate, type Validator } from 'react-admin';
import { closeTimeToForm, closeTimeToStored, formatHours, fractionToPercent, percentToFraction, QUARTER_HOURS } from './conversions';
import './messages';

// Inputs shared by the resources dialogs.

const HOUR_CHOICES = QUARTER_HOURS.map((hours) => ({ id: hours, name: formatHours(hours) }));
const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

interface HourInputProps {
  source: string;
  /** A close time: shows a stored 23.99 as 24, sends 24 as 23.99, and carries the hint. */
  close?: boolean;
}

/** A time of day in decimal hours, picked in quarter hours from 0:00 to 24:00. Required. */
export function HourInput({ source, close = false }: HourInputProps) {
  const translate = useTranslate();
  return (
    <SelectInput
      source={source}
      choices={HOUR_CHOICES}
      validate={required()}
      format={(value: unknown) => (isNumber(value) ? (close ? closeTimeToForm(value) : value) : '')}
      parse={(value: unknown) => (value === '' || value == null ? null : close ? closeTimeToStored(Number(value)) : Number(value))}
      helperText={close ? translate('settings_page.close_time_hint') : false}
      sx={{ minWidth: 200 }}
    />
  );
}

interface PercentOfFractionInputProps {
  source: string;
  validate?: Validator[];
}

/** A rate stored as a fraction, typed and shown as a percent (8.875 % is stored 0.08875). */
export function PercentOfFractionInput({ source, validate = [required(), minValue(0)] }: PercentOfFractionInputProps) {
  return (
    <NumberInput
      source={source}
      validate={validate}
      min={0}
      max={100}
      format={(value: unknown) => (isNumber(value) ? fractionToPercent(value) : '')}
      parse={(value: unknown) => (value === '' || value == null ? null : isNumber(Number(value)) ? percentToFraction(Number(value)) : null)}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
    />
  );
}
