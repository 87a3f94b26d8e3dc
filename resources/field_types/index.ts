import CategoryIcon from '@mui/icons-material/Category';
import type { SettingsResource } from '../../src/components/settings/types';
import { lazyList } from '../../src/components/settings/lazyList';

/** Field types (spec 1 §3): the fieldtype tab of /resources. */
const fieldTypes: SettingsResource = { name: 'field_types', list: lazyList(() => import('./FieldTypeList'), (m) => m.FieldTypeList), icon: CategoryIcon, recordRepresentation: 'name' };
export default fieldTypes;
