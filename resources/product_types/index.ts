import SellIcon from '@mui/icons-material/Sell';
import type { SettingsResource } from '../../src/components/settings/types';
import { lazyList } from '../../src/components/settings/lazyList';

/** Product types (spec 1 §3): the product_type tab of /resources. */
const productTypes: SettingsResource = { name: 'product_types', list: lazyList(() => import('./ProductTypeList'), (m) => m.ProductTypeList), icon: SellIcon, recordRepresentation: 'name' };
export default productTypes;
