import { lazy } from 'react';
import SellIcon from '@mui/icons-material/Sell';
import type { ResourceProps } from 'react-admin';
import type { SettingsResource } from '../../src/components/settings/types';
import { guardedView } from '../../src/layout/RequirePage';
import { ProductSettingsList } from './ProductSettingsList';

/** /products (spec 3 §2.1): the products and the GLs, toggled by ?tab=; products are read from GET /newproduct. */
const products: ResourceProps = { name: 'products', list: guardedView('page:products', lazy(() => import('./ProductsPage'))), icon: SellIcon };
export default products;

/** The product tab of /resources (spec 1 §2): the new products, with the base product form. */
export const productSettings: SettingsResource = { name: 'newproduct', list: ProductSettingsList, icon: SellIcon, recordRepresentation: 'name' };
