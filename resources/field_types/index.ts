import CategoryIcon from '@mui/icons-material/Category';
import type { SettingsResource } from '../../src/components/settings/types';
import { FieldTypeList } from './FieldTypeList';

/** Field types (spec 1 §3): the fieldtype tab of /resources. */
const fieldTypes: SettingsResource = { name: 'field_types', list: FieldTypeList, icon: CategoryIcon, recordRepresentation: 'name' };
export default fieldTypes;
