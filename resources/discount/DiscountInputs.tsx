import dayjs from 'dayjs';
import {
  DateTimeInput, NumberInput, RadioButtonGroupInput, ReferenceInput, SelectInput, TextInput, required, useTranslate,
} from 'react-admin';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import './messages';

// The inputs of the discount and discount rule dialogs; their forms check them with the API's own
// schemas (src/kit/entity/EntityDialog.tsx).


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
      <NumberInput source="value" validate={required()} min={0} />
    </>
  );
}

/** The input's local date and time ⇄ unix seconds. */
const fromInput = (value: string) => (value ? dayjs(value).unix() : null);
const toInput = (value: unknown) => (typeof value === 'number' ? dayjs.unix(value).format('YYYY-MM-DDTHH:mm') : '');

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
      <DateTimeInput source="end_date" parse={fromInput} format={toInput} validate={required()} />
      <TextInput source="comment" multiline fullWidth />
    </>
  );
}
