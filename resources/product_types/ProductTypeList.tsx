import { Box } from '@mui/material';
import { BooleanField, BooleanInput, DataTable, NumberInput, required, SelectField, SelectInput, TextInput } from 'react-admin';
import { PRODUCT_CATEGORIES } from '../../core/constants';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';

// The product_type tab of /resources (spec 1 §2): name, category, reporting, gl code, ranking (order
// in dropdowns), color, showInCalendar, allow_for_contract.

/** Stored in English; shown through values.product_categories (react-admin translates choice names). */
const CATEGORY_CHOICES = PRODUCT_CATEGORIES.map((category) => ({ id: category, name: `values.product_categories.${category}` }));
const FLAGS = ['showInCalendar', 'allow_for_contract'] as const;

function ProductTypeInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput source="category" choices={CATEGORY_CHOICES} validate={required()} fullWidth />
      <TextInput source="reporting" fullWidth />
      <TextInput source="gl" fullWidth />
      <NumberInput source="ranking" step={1} />
      <TextInput source="color" type="color" defaultValue="#3f51b5" sx={{ minWidth: 120 }} />
      {FLAGS.map((flag) => <BooleanInput key={flag} source={flag} />)}
    </>
  );
}

export function ProductTypeList() {
  return (
    <SettingsList inputs={<ProductTypeInputs />} sort={{ field: 'ranking', order: 'ASC' }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="category"><SelectField source="category" choices={CATEGORY_CHOICES} /></DataTable.Col>
      <DataTable.Col source="reporting" />
      <DataTable.Col source="gl" />
      <DataTable.NumberCol source="ranking" />
      <DataTable.Col
        source="color"
        render={(type: { color?: string }) => (
          <Box component="span" title={type.color} sx={{ display: 'inline-block', width: 20, height: 20, borderRadius: 1, bgcolor: type.color }} />
        )}
      />
      {FLAGS.map((flag) => (
        <DataTable.Col key={flag} source={flag}>
          <BooleanField source={flag} />
        </DataTable.Col>
      ))}
    </SettingsList>
  );
}
