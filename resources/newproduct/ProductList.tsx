import { Title } from 'react-admin';
import { ProductTable } from './ProductTable';

/** /newproduct (spec 3 §2): the product list. */
export default function ProductList() {
  return (
    <>
      <Title title="page.new_products" />
      <ProductTable />
    </>
  );
}
