import SellIcon from '@mui/icons-material/Sell';
import type { SettingsResource } from '../../src/pages/resources/tabs';
import { ProductSettingsList } from './ProductSettingsList';

/** New products (spec 3 §3): the product tab of /resources, and the /products and /newproduct pages. */
const products: SettingsResource = { name: 'products', list: ProductSettingsList, icon: SellIcon, recordRepresentation: 'name' };
export default products;
