import { and, desc, eq, inArray } from 'drizzle-orm';
import { FACILITY } from '../../../core/constants';
import type { Db } from '../../db/client';
import { noHubspot } from '../../../core/api/customers';
import { facilities, integrations } from '../../db/schema';
import { conflict } from '../../http/errors';

// The HubSpot key a facility's customers are linked with: the facility's own integration, else the
// network-wide one (999999). The profile answers whether there is one (so the HubSpot button shows
// only then), and GET /customer/hubspot/{id} uses it.

/** The private-app access token in a HubSpot integration's data (JSON text {"api_key": …}). */
function apiKeyOf(data: string): string | null {
  try {
    const { api_key } = JSON.parse(data) as { api_key?: unknown };
    return typeof api_key === 'string' && api_key.trim() ? api_key.trim() : null;
  } catch {
    return null;
  }
}

/** The key, or null when no integration (or one without a key, which can link nothing) applies. */
export async function hubspotKeyOf(db: Db, facilityId: number): Promise<string | null> {
  const [integration] = await db
    .select({ data: integrations.data })
    .from(integrations)
    .where(and(eq(integrations.type, 'hubspot'), inArray(integrations.facility_id, [facilityId, FACILITY.ALL_INTEGRATIONS])))
    // The facility's own integration wins over the network-wide one.
    .orderBy(desc(eq(integrations.facility_id, facilityId)), desc(integrations.ID))
    .limit(1);
  return integration ? apiKeyOf(integration.data) : null;
}

/** The key; 409 naming the facility and where to set one up when none applies. */
export async function requireHubspotKey(db: Db, facilityId: number): Promise<string> {
  const key = await hubspotKeyOf(db, facilityId);
  if (key) return key;
  const [facility] = await db.select({ name: facilities.name }).from(facilities).where(eq(facilities.ID, facilityId));
  throw conflict(noHubspot(facility?.name ?? `facility ${facilityId}`));
}
