import { lazy } from 'react';
import SellIcon from '@mui/icons-material/Sell';
import type { EntityLoader, EntityResource } from '../../src/kit/entity/types';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/**
 * Products (spec 3 §2): /newproduct lists them (Add new is a dialog over the list), /newproduct/{id}
 * shows one (?tab=base its base product, ?tab=facility its facility settings), /newproduct/{id}/edit
 * edits its base product, /newproduct/create adds one. /products (src/app/pages/products) shows the
 * same table beside the GLs.
 */
const newproduct: EntityResource = {
  name: 'newproduct',
  entity: () => import('../../core/api/products').then((m) => m.productEntity),
  list: lazy(() => import('./ProductList')),
  show: lazy(() => import('./ProductShow')),
  edit: lazy(() => import('./ProductEdit')),
  create: lazy(() => import('./ProductCreate')),
  icon: SellIcon,
  recordRepresentation: 'name',
};
export default newproduct;

/** The products table, shown on /products too (loaded when it first renders). */
export const ProductTable = lazy(async () => ({ default: (await import('./ProductTable')).ProductTable }));

/** The product tab of /resources (spec 1 §2): the same products, with the base product form. */
export const productSettings: SettingsResource = { name: 'newproduct', entity: () => import('../../core/api/products').then((m) => m.productEntity), list: lazyList(() => import('./ProductSettingsList'), (m) => m.ProductSettingsList), icon: SellIcon, recordRepresentation: 'name' };

/** A product's facility settings (variations), written from its page: a resource without views. */
export const productVariations: EntityLoader = () => import('../../core/api/products').then((m) => m.productSettingsEntity);
