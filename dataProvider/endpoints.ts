// react-admin resource → the spec's paths under /api. The spec names most lists and items
// differently (GET /taxes but POST /tax, PUT /tax/{id}); a string serves when both are the same path.
// A resource missing here uses its own name for both.

export interface Endpoint {
  /** GET list (getList, getMany, getManyReference). */
  list: string;
  /** POST, and GET / PUT / DELETE with /{id}. */
  item: string;
}

export const ENDPOINTS: Record<string, Endpoint | string> = {
  facilities: 'facility',
  taxes: { list: 'taxes', item: 'tax' },
  fees: { list: 'fees', item: 'fee' },
  fields: { list: 'facility/fields', item: 'field' },
  field_types: 'field-type',
  age_groups: 'age-group',
  seasons: 'season',
  gls: 'gl',
  product_types: 'product/types',
  integrations: 'integration',
  customers: 'customer',
  products: 'newproduct',
  product_settings: 'newproduct/settings',
  discounts: 'discount',
  discount_rules: 'discount/rule',
  scoreboards: 'scoreboard',
};

export function endpoint(resource: string): Endpoint {
  const entry = ENDPOINTS[resource] ?? resource;
  return typeof entry === 'string' ? { list: entry, item: entry } : entry;
}
