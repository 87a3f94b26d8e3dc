import { DataTable, NumberField } from 'react-admin';
import { SettingsList } from '../../src/pages/resources/SettingsList';
import { ProductFormInputs } from './ProductFormInputs';

// The product tab of /resources (spec 1 §2): the products, added and edited with the base product form.

interface ProductRow {
  gl?: { code: string; product_type?: { name: string } | null } | null;
}

const usd = { style: 'currency', currency: 'USD' } as const;

export function ProductSettingsList() {
  return (
    <SettingsList inputs={<ProductFormInputs />} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="gl_id" render={(p: ProductRow) => p.gl?.code ?? ''} />
      <DataTable.Col label="resources.products.fields.product_type" render={(p: ProductRow) => p.gl?.product_type?.name ?? ''} />
      <DataTable.Col source="base_price" align="right">
        <NumberField source="base_price" options={usd} />
      </DataTable.Col>
      <DataTable.Col source="full_price" align="right">
        <NumberField source="full_price" options={usd} />
      </DataTable.Col>
    </SettingsList>
  );
}
