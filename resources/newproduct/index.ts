import { lazy } from 'react';
import SellIcon from '@mui/icons-material/Sell';
import type { ResourceProps } from 'react-admin';
import { guardedView } from '../../src/layout/RequirePage';

/** New products (spec 3 §2): /newproduct lists them, /newproduct/{id} edits one (base form and facility settings). */
const newproduct: ResourceProps = {
  name: 'newproduct',
  list: guardedView('page:products', lazy(() => import('./ProductListPage'))),
  edit: guardedView('page:products', lazy(() => import('./ProductPage'))),
  icon: SellIcon,
  recordRepresentation: 'name',
};
export default newproduct;
