import { SettingsList } from '../../src/kit/components/settings/SettingsList';
import { ProductFormInputs } from './ProductFormInputs';
import { productColumns } from './productColumns';

// The product tab of /resources (spec 1 §2): the products, added and edited with the base product form.

export function ProductSettingsList() {
  return (
    <SettingsList inputs={<ProductFormInputs />} sort={{ field: 'name', order: 'ASC' }}>
      {productColumns(['base_price', 'full_price'])}
    </SettingsList>
  );
}
