import SellIcon from '@mui/icons-material/Sell';
import type { SettingsResource } from '../../src/components/settings/types';
import { ProductTypeList } from './ProductTypeList';

/** Product types (spec 1 §3): the product_type tab of /resources. */
const productTypes: SettingsResource = { name: 'product_types', list: ProductTypeList, icon: SellIcon, recordRepresentation: 'name' };
export default productTypes;
