import StoreIcon from '@mui/icons-material/Store';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/** Facilities (spec 1 §3): listed and edited on the facility tab of /resources. */
const facilities: SettingsResource = { name: 'facilities', entity: () => import('../../core/api/settings').then((m) => m.facilities), list: lazyList(() => import('./FacilityList'), (m) => m.FacilityList), icon: StoreIcon, recordRepresentation: 'name' };
export default facilities;
