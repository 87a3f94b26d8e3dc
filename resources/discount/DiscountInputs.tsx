import dayjs from 'dayjs';
import {
  DateTimeInput, NumberInput, RadioButtonGroupInput, ReferenceInput, SelectInput, TextInput, required, useTranslate,
} from 'react-admin';
import { isWholeCents } from '../../core/money';
import { useFacilityChoices } from '../../src/layout/facilities';
import './messages';

// The inputs of the discount and discount rule dialogs, checked as the API checks them.

type Values = Record<string, unknown>;

/** A percent is more than 0 and at most 100; a fixed amount more than 0 dollars, in whole cents. */
export function validateDiscountValue(value: unknown, values: Values): string | undefined {
  if (typeof value !== 'number') return undefined;
  if (values.is_percentage !== false) return value > 0 && value <= 100 ? undefined : 'discounts_page.percent_range';
  return value > 0 && isWholeCents(value) ? undefined : 'discounts_page.amount_positive';
}

const PERCENTAGE_BY_DEFAULT = true;

export function DiscountInputs() {
  const translate = useTranslate();
  const types = [
    { id: 'percentage', name: translate('discounts_page.percentage') },
    { id: 'fixed', name: translate('discounts_page.fixed_amount') },
  ];
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <RadioButtonGroupInput
        source="is_percentage"
        choices={types}
        // Shown as the two choices, kept as the boolean the API takes (the prop is typed for text).
        defaultValue={PERCENTAGE_BY_DEFAULT as unknown as string}
        format={(value: unknown) => (value === false ? 'fixed' : 'percentage')}
        parse={(value: string) => value === 'percentage'}
      />
      <NumberInput source="value" validate={[required(), validateDiscountValue]} min={0} />
    </>
  );
}

/** The input's local date and time ⇄ unix seconds. */
const fromInput = (value: string) => (value ? dayjs(value).unix() : null);
const toInput = (value: unknown) => (typeof value === 'number' ? dayjs.unix(value).format('YYYY-MM-DDTHH:mm') : '');

export function validateEndAfterStart(value: unknown, values: Values): string | undefined {
  return typeof value === 'number' && typeof values.start_date === 'number' && value <= values.start_date
    ? 'discounts_page.end_after_start'
    : undefined;
}

export function RuleInputs() {
  const facilities = useFacilityChoices();
  return (
    <>
      <ReferenceInput source="discount_id" reference="discount" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
        <SelectInput optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      <SelectInput source="facility_id" choices={facilities} optionValue="ID" optionText="name" validate={required()} fullWidth />
      <ReferenceInput source="product_type_id" reference="product_types" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
        <SelectInput optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      <DateTimeInput source="start_date" parse={fromInput} format={toInput} validate={required()} />
      <DateTimeInput source="end_date" parse={fromInput} format={toInput} validate={[required(), validateEndAfterStart]} />
      <TextInput source="comment" multiline fullWidth />
    </>
  );
}
