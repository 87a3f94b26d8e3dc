import { z } from 'zod';
import { conflict, HttpError } from '../../http/errors';
import { HUBSPOT_REFUSED, HUBSPOT_UNREACHABLE, type HubspotClient } from './client';

// HubSpot's REST API (https://developers.hubspot.com/docs/api-reference), authenticated with the
// integration's private-app access token as a Bearer token. Every failure becomes an HttpError a
// person can act on: a refused key is the facility's to fix (409), anything else is HubSpot's (502).
// Messages never carry the key.

const accountDetails = z.object({ portalId: z.number().int() });
const contactSearch = z.object({ results: z.array(z.object({ id: z.string() })) });

export interface HubspotOptions {
  /** How long one request may take, in milliseconds. */
  timeoutMs?: number;
  /** How long a key's portal id is remembered, in milliseconds. */
  portalCacheMs?: number;
}

export function httpHubspotClient(baseUrl: string, { timeoutMs = 5000, portalCacheMs = 5 * 60_000 }: HubspotOptions = {}): HubspotClient {
  const base = baseUrl.replace(/\/+$/, '');
  // A portal never changes for a key; remembering it spares HubSpot a call on every click.
  const portals = new Map<string, { portalId: number; expires: number }>();

  async function call<T>(apiKey: string, path: string, shape: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError(502, HUBSPOT_UNREACHABLE); // refused connection, DNS, timeout
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw response.status === 401 || response.status === 403 ? conflict(HUBSPOT_REFUSED) : new HttpError(502, HUBSPOT_UNREACHABLE);
    }
    // The body is read under the same timeout; a cut or malformed answer is HubSpot's failure too.
    const parsed = shape.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new HttpError(502, HUBSPOT_UNREACHABLE);
    return parsed.data;
  }

  return {
    async portalId(apiKey) {
      const now = Date.now();
      const cached = portals.get(apiKey);
      if (cached && cached.expires > now) return cached.portalId;
      const { portalId } = await call(apiKey, '/account-info/v3/details', accountDetails);
      for (const [key, entry] of portals) if (entry.expires <= now) portals.delete(key);
      portals.set(apiKey, { portalId, expires: now + portalCacheMs });
      return portalId;
    },

    async findContactByEmail(apiKey, email) {
      const { results } = await call(apiKey, '/crm/v3/objects/contacts/search', contactSearch, {
        filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
        limit: 1,
      });
      return results[0]?.id ?? null;
    },
  };
}
