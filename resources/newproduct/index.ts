import { lazy } from 'react';
import SellIcon from '@mui/icons-material/Sell';
import type { ResourceProps } from 'react-admin';
import type { SettingsResource } from '../../src/components/settings/types';
import { lazyList } from '../../src/components/settings/lazyList';

/** New products (spec 3 §2): /newproduct lists them, /newproduct/{id} edits one (base form and facility settings). */
const newproduct: ResourceProps = {
  name: 'newproduct',
  list: lazy(() => import('./ProductListPage')),
  edit: lazy(() => import('./ProductPage')),
  icon: SellIcon,
  recordRepresentation: 'name',
};
export default newproduct;

/** The product tab of /resources (spec 1 §2): the same products, with the base product form. */
export const productSettings: SettingsResource = { name: 'newproduct', list: lazyList(() => import('./ProductSettingsList'), (m) => m.ProductSettingsList), icon: SellIcon, recordRepresentation: 'name' };
