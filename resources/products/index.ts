import { lazy } from 'react';
import SellIcon from '@mui/icons-material/Sell';
import type { ResourceProps } from 'react-admin';

/** /products (spec 3 §2.1): the products and the GLs, toggled by ?tab=; products are read from GET /newproduct. */
const products: ResourceProps = { name: 'products', list: lazy(() => import('./ProductsPage')), icon: SellIcon };
export default products;
