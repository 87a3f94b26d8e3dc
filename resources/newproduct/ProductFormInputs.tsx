import { useMemo } from 'react';
import { Alert, InputAdornment } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  BooleanInput, NumberInput, SelectArrayInput, SelectInput, TextInput, useGetList, useTranslate, type Validator,
} from 'react-admin';
import {
  DURATION_UNIT, PRICE_KEYS, productFormErrors, productFormRules, type DurationUnit, type ProductCategory, type ProductFormRules,
} from '../../core/productForm';

// The base product form (spec 3 §5): name, description and GL, then the fields the GL asks for —
// which prices, duration in minutes or days, field types, prorate — by core/productForm, whose
// schema also checks each field (the server checks the same). Also the product's taxes and fees.

interface GlOption {
  id: number;
  code: string;
  product_type?: { name: string; category: ProductCategory } | null;
}

const ALL = { pagination: { page: 1, perPage: 1000 } } as const;

/** Links as GET /newproduct/{id} answers them ({product_tax_id …}) or ids as the form edits them → ids. */
const linkIds = (key: string) => (value: unknown) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, number>)[key] : v)) : [];

/** The form's values as the schema reads them. */
const forSchema = (values: Record<string, unknown>) => ({ ...values, field_types: linkIds('field_type_id')(values.field_types) });

/**
 * A validator of one field by the GL's rules; flagged required so that its label carries the '*'.
 */
function ruleValidator(source: string, rules: ProductFormRules, required: boolean): Validator {
  const validate = ((_: unknown, values: Record<string, unknown>) => productFormErrors(forSchema(values), rules)[source]) as Validator & { isRequired?: boolean };
  validate.isRequired = required;
  return validate;
}

// Prices and durations carry no min or step: the browser would refuse the save with its own words
// before the form's rules could name the problem.
const dollars = { startAdornment: <InputAdornment position="start">$</InputAdornment> };

function DurationInput({ unit, validate }: { unit: DurationUnit; validate: Validator }) {
  const size = DURATION_UNIT[unit];
  return (
    <NumberInput
      source="duration"
      label={`resources.newproduct.fields.duration_${unit}`}
      validate={validate}
      // Stored in seconds, entered in minutes or days.
      format={(seconds?: number | null) => (seconds ? seconds / size : '')}
      parse={(text: string) => (text === '' ? null : Number(text) * size)}
    />
  );
}

export function ProductFormInputs() {
  const translate = useTranslate();
  const glId = useWatch({ name: 'gl_id' });
  const { data: gls = [], isPending } = useGetList<GlOption>('gls', { ...ALL, sort: { field: 'code', order: 'ASC' } });
  const { data: fieldTypes = [] } = useGetList('field_types', { ...ALL, sort: { field: 'name', order: 'ASC' } });
  const { data: taxes = [] } = useGetList('taxes', { ...ALL, sort: { field: 'name', order: 'ASC' } });
  const { data: fees = [] } = useGetList('fees', { ...ALL, sort: { field: 'name', order: 'ASC' } });

  const gl = gls.find((g) => g.id === glId);
  const rules = useMemo(() => (gl?.product_type ? productFormRules({ code: gl.code, category: gl.product_type.category }) : null), [gl]);
  const base = (source: string) => ruleValidator(source, rules ?? productFormRules({ code: '', category: 'block' }), true);

  return (
    <>
      <TextInput source="name" validate={base('name')} fullWidth />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <SelectInput
        source="gl_id"
        choices={gls}
        isPending={isPending}
        optionText={(g: GlOption) => `${g.code} — ${g.product_type?.name ?? ''}`}
        validate={base('gl_id')}
        fullWidth
      />
      {!rules && <Alert severity="info">{translate('resources.newproduct.pick_gl')}</Alert>}
      {rules && (
        <>
          {rules.baseOrPeak && <Alert severity="info" sx={{ mb: 1 }}>{translate('resources.newproduct.base_or_peak')}</Alert>}
          {PRICE_KEYS.filter((key) => key in rules.prices).map((key) => (
            <NumberInput key={key} source={key} slotProps={{ input: dollars }} validate={ruleValidator(key, rules, rules.prices[key] === true)} />
          ))}
          {rules.duration && <DurationInput unit={rules.duration} validate={ruleValidator('duration', rules, true)} />}
          {rules.fieldTypes && (
            <SelectArrayInput
              source="field_types"
              choices={fieldTypes}
              format={linkIds('field_type_id')}
              validate={ruleValidator('field_types', rules, true)}
              fullWidth
            />
          )}
          {rules.prorate && <BooleanInput source="prorate" />}
        </>
      )}
      <SelectArrayInput source="taxes" choices={taxes} format={linkIds('product_tax_id')} fullWidth />
      <SelectArrayInput source="fees" choices={fees} format={linkIds('product_fee_id')} fullWidth />
    </>
  );
}
