import HubIcon from '@mui/icons-material/Hub';
import type { SettingsResource } from '../../src/kit/components/settings/types';
import { lazyList } from '../../src/kit/components/settings/lazyList';

/** Integrations (spec 1 §3): the integration tab of /resources. */
const integrations: SettingsResource = { name: 'integrations', entity: () => import('../../core/api/settings').then((m) => m.integrations), list: lazyList(() => import('./IntegrationList'), (m) => m.IntegrationList), icon: HubIcon, recordRepresentation: 'name' };
export default integrations;
