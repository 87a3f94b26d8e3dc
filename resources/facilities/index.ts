import StoreIcon from '@mui/icons-material/Store';
import type { SettingsResource } from '../../src/components/settings/types';
import { FacilityList } from './FacilityList';

/** Facilities (spec 1 §3): listed and edited on the facility tab of /resources. */
const facilities: SettingsResource = { name: 'facilities', list: FacilityList, icon: StoreIcon, recordRepresentation: 'name' };
export default facilities;
