import { DataTable, NumberField } from 'react-admin';

// The product columns both product tables show (/resources' product tab and /newproduct): name, GL
// code, product type, then the prices asked for, in dollars.

export interface ProductColumnsRow {
  gl?: { code: string; product_type?: { name: string } | null } | null;
}

const usd = { style: 'currency', currency: 'USD' } as const;

/** DataTable columns, as an array of keyed elements (DataTable flattens its children). */
export function productColumns(prices: readonly string[]) {
  return [
    <DataTable.Col key="name" source="name" />,
    <DataTable.Col key="gl_id" source="gl_id" render={(p: ProductColumnsRow) => p.gl?.code ?? ''} />,
    <DataTable.Col key="product_type" label="resources.newproduct.fields.product_type" render={(p: ProductColumnsRow) => p.gl?.product_type?.name ?? ''} />,
    ...prices.map((price) => (
      <DataTable.Col key={price} source={price} align="right">
        <NumberField source={price} options={usd} />
      </DataTable.Col>
    )),
  ];
}
