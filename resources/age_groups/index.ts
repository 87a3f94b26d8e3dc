import GroupsIcon from '@mui/icons-material/Groups';
import type { SettingsResource } from '../../src/components/settings/types';
import { AgeGroupList } from './AgeGroupList';

/** Age groups (spec 1 §3): the agegroup tab of /resources. */
const ageGroups: SettingsResource = { name: 'age_groups', list: AgeGroupList, icon: GroupsIcon, recordRepresentation: 'name' };
export default ageGroups;
