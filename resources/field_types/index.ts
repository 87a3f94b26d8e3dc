import CategoryIcon from '@mui/icons-material/Category';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/** Field types (spec 1 §3): the fieldtype tab of /resources. */
const fieldTypes: SettingsResource = { name: 'field_types', entity: () => import('../../core/api/settings').then((m) => m.fieldTypes), list: lazyList(() => import('./FieldTypeList'), (m) => m.FieldTypeList), icon: CategoryIcon, recordRepresentation: 'name' };
export default fieldTypes;
