import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/** Fields (spec 1 §3): the field tab of /resources, the default one, one facility at a time. */
const fields: SettingsResource = { name: 'fields', entity: () => import('../../core/api/settings').then((m) => m.fields), list: lazyList(() => import('./FieldList'), (m) => m.FieldList), icon: SportsSoccerIcon, recordRepresentation: 'name' };
export default fields;
