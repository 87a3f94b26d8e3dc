import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DETAIL_META } from '../../dataProvider';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { ProductFormInputs } from './ProductFormInputs';
import { ProductHeader, productTabPath } from './ProductHeader';
import './messages';

/**
 * /newproduct/{id}/edit: the base product form in edit mode (spec 3 §2.2), under the product page's
 * back link and toggle; then the product's page. Its rules follow the GL picked in it
 * (core/productForm, the server's own): its inputs check them (EntityForm's byInputs).
 */
export default function ProductEdit() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <ProductHeader id={id} tab="base" />
      <EntityEdit title={translate('page.new_product')} byInputs meta={DETAIL_META} redirect={() => productTabPath(id, 'base')}>
        <ProductFormInputs />
      </EntityEdit>
    </>
  );
}
