import type { ApiResource } from '../entities';
import * as contracts from './contracts';
import type { CrudEndpoints, ResourceEndpoints } from './crud';
import * as discounts from './discounts';
import { fullPath } from './endpoint';
import * as products from './products';
import * as settings from './settings';

// The declarations behind each react-admin resource's generic methods (getList, getOne, create,
// update, delete …): the dataProvider (dataProvider/index.ts) takes their paths from here, so a
// resource's CRUD calls are the very routes the server serves. An entity declared by crudEndpoints in
// core/api/settings.ts is found here by itself; the others are named below. A resource not listed yet
// (its area is still being declared, issue 23) keeps the paths of core/entities.ts.

const isCrud = (value: unknown): value is CrudEndpoints =>
  typeof value === 'object' && value !== null && 'resource' in value && 'list' in value && 'create' in value;

/** The entities of core/api/settings.ts, by resource. */
const SETTINGS = Object.fromEntries((Object.values(settings) as unknown[]).filter(isCrud).map((group) => [group.resource, group]));

export const RESOURCE_ENDPOINTS: Partial<Record<ApiResource, ResourceEndpoints>> = {
  ...SETTINGS,
  // A discount is never edited, only expired (dataProvider expireDiscount).
  discount: { list: discounts.discountList, one: discounts.getDiscount, create: discounts.createDiscount, delete: discounts.deleteDiscount },
  discount_rules: discounts.discountRules,
  products: { list: products.productList, one: products.getProduct, create: products.createProduct, update: products.updateProduct, delete: products.deleteProduct },
  newproduct: { list: products.productList, one: products.getProduct, create: products.createProduct, update: products.updateProduct, delete: products.deleteProduct },
  product_settings: { create: products.createProductSettings, update: products.updateProductSettings, delete: products.deleteProductSettings },
  contract: { list: contracts.contractList, one: contracts.getContract, create: contracts.createContract, update: contracts.updateContract, delete: contracts.deleteContract },
};

/**
 * The path of a declared resource's list, or of its records (ra-data-simple-rest adds /{id}), as the
 * browser calls it: '/api/taxes', '/api/tax'. Undefined for a resource not declared yet.
 */
export function resourcePath(resource: ApiResource, kind: 'list' | 'item', apiPrefix = '/api'): string | undefined {
  const declared = RESOURCE_ENDPOINTS[resource];
  const endpoint = kind === 'list' ? declared?.list : declared?.one ?? declared?.create ?? declared?.update ?? declared?.delete;
  return endpoint && fullPath(endpoint, apiPrefix).replace(/\/\{id\}$/, '');
}
