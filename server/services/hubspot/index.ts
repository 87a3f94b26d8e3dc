import type { Config } from '../../config';
import type { HubspotClient } from './client';
import { httpHubspotClient } from './http';

export { HUBSPOT_RATE_LIMITED, HUBSPOT_REFUSED, HUBSPOT_UNREACHABLE, type HubspotClient } from './client';

/**
 * HubSpot's API at HUBSPOT_API_URL. There is no embedded stand-in: without a facility integration the
 * route answers a clear 409 before any call.
 */
export function createHubspotClient(config: Pick<Config, 'hubspotApiUrl'>): HubspotClient {
  return httpHubspotClient(config.hubspotApiUrl);
}
