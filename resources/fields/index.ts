import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import type { SettingsResource } from '../../src/components/settings/types';
import { lazyList } from '../../src/components/settings/lazyList';

/** Fields (spec 1 §3): the field tab of /resources, the default one, one facility at a time. */
const fields: SettingsResource = { name: 'fields', list: lazyList(() => import('./FieldList'), (m) => m.FieldList), icon: SportsSoccerIcon, recordRepresentation: 'name' };
export default fields;
