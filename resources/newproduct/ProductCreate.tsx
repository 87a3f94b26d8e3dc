import { useTranslate, type RaRecord } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { ProductFormInputs } from './ProductFormInputs';
import { productTabPath } from './ProductHeader';
import './messages';

/**
 * /newproduct/create: the base product form (the products table's Add new is the same form in a
 * dialog); a new product is sold nowhere yet, so on to its facility settings.
 */
export default function ProductCreate() {
  const translate = useTranslate();
  return (
    <EntityCreate title={translate('products_page.add_title')} byInputs redirect={(_resource, id?: RaRecord['id']) => productTabPath(id ?? '', 'facility')}>
      <ProductFormInputs />
    </EntityCreate>
  );
}
