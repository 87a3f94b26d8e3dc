import SellIcon from '@mui/icons-material/Sell';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/** Product types (spec 1 §3): the product_type tab of /resources. */
const productTypes: SettingsResource = { name: 'product_types', entity: () => import('../../core/api/settings').then((m) => m.productTypes), list: lazyList(() => import('./ProductTypeList'), (m) => m.ProductTypeList), icon: SellIcon, recordRepresentation: 'name' };
export default productTypes;
