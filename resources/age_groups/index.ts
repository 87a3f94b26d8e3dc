import GroupsIcon from '@mui/icons-material/Groups';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/** Age groups (spec 1 §3): the agegroup tab of /resources. */
const ageGroups: SettingsResource = { name: 'age_groups', entity: () => import('../../core/api/settings').then((m) => m.ageGroups), list: lazyList(() => import('./AgeGroupList'), (m) => m.AgeGroupList), icon: GroupsIcon, recordRepresentation: 'name' };
export default ageGroups;
