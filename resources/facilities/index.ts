import StoreIcon from '@mui/icons-material/Store';
import type { SettingsResource } from '../../src/components/settings/types';
import { lazyList } from '../../src/components/settings/lazyList';

/** Facilities (spec 1 §3): listed and edited on the facility tab of /resources. */
const facilities: SettingsResource = { name: 'facilities', list: lazyList(() => import('./FacilityList'), (m) => m.FacilityList), icon: StoreIcon, recordRepresentation: 'name' };
export default facilities;
