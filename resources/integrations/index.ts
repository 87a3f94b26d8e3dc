import HubIcon from '@mui/icons-material/Hub';
import type { SettingsResource } from '../../src/components/settings/types';
import { IntegrationList } from './IntegrationList';

/** Integrations (spec 1 §3): the integration tab of /resources. */
const integrations: SettingsResource = { name: 'integrations', list: IntegrationList, icon: HubIcon, recordRepresentation: 'name' };
export default integrations;
