import { z } from 'zod';
import { conflict, HttpError } from '../../http/errors';
import { HUBSPOT_RATE_LIMITED, HUBSPOT_REFUSED, HUBSPOT_UNREACHABLE, type HubspotClient } from './client';

// HubSpot's REST API (https://developers.hubspot.com/docs/api-reference), authenticated with the
// integration's private-app access token as a Bearer token. Every failure becomes an HttpError a
// person can act on: a refused key is the facility's to fix (409), a rate limit (429, tried again with
// backoff a few times first) says to wait (503), anything else is HubSpot's (502). Messages never carry
// the key. Contacts are upserted 100 to a batch (HubSpot's limit) and added to a list 100 at a time.

const accountDetails = z.object({ portalId: z.number().int() });
const contactSearch = z.object({ results: z.array(z.object({ id: z.string() })) });
const batchResults = z.object({ results: z.array(z.object({ id: z.string() })) });
const listAnswer = z.object({ list: z.object({ listId: z.string() }) });
const anything = z.unknown();

/** HubSpot's batch limit (contacts per upsert, records per membership change). */
export const HUBSPOT_BATCH = 100;
/** Contacts are a list's object type 0-1. */
const CONTACTS = '0-1';

export interface HubspotOptions {
  /** How long one request may take, in milliseconds. */
  timeoutMs?: number;
  /** How long a key's portal id is remembered, in milliseconds. */
  portalCacheMs?: number;
  /** Tries of a rate-limited request in all, and the first wait (doubled each time) when HubSpot names none. */
  rateLimit?: { attempts: number; baseMs: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function httpHubspotClient(baseUrl: string, { timeoutMs = 5000, portalCacheMs = 5 * 60_000, rateLimit = { attempts: 4, baseMs: 500 } }: HubspotOptions = {}): HubspotClient {
  const base = baseUrl.replace(/\/+$/, '');
  // A portal never changes for a key; remembering it spares HubSpot a call on every click.
  const portals = new Map<string, { portalId: number; expires: number }>();

  /** One request; `missing` answers a 404 instead of failing (a look-up). */
  async function call<T>(apiKey: string, method: 'GET' | 'POST' | 'PUT', path: string, shape: z.ZodType<T>, body?: unknown, missing?: T): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new HttpError(502, HUBSPOT_UNREACHABLE); // refused connection, DNS, timeout
      }
      if (response.status === 429) {
        await response.body?.cancel().catch(() => {});
        if (attempt >= rateLimit.attempts) throw new HttpError(503, HUBSPOT_RATE_LIMITED);
        const named = Number(response.headers.get('retry-after'));
        await sleep(Number.isFinite(named) && named > 0 ? Math.min(named * 1000, 10_000) : rateLimit.baseMs * 2 ** (attempt - 1));
        continue;
      }
      if (response.status === 404 && missing !== undefined) {
        await response.body?.cancel().catch(() => {});
        return missing;
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
  }

  const batches = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / HUBSPOT_BATCH) }, (_, i) => items.slice(i * HUBSPOT_BATCH, (i + 1) * HUBSPOT_BATCH));

  return {
    async portalId(apiKey) {
      const now = Date.now();
      const cached = portals.get(apiKey);
      if (cached && cached.expires > now) return cached.portalId;
      const { portalId } = await call(apiKey, 'GET', '/account-info/v3/details', accountDetails);
      for (const [key, entry] of portals) if (entry.expires <= now) portals.delete(key);
      portals.set(apiKey, { portalId, expires: now + portalCacheMs });
      return portalId;
    },

    async findContactByEmail(apiKey, email) {
      const { results } = await call(apiKey, 'POST', '/crm/v3/objects/contacts/search', contactSearch, {
        filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
        limit: 1,
      });
      return results[0]?.id ?? null;
    },

    async upsertContacts(apiKey, emails) {
      const ids: string[] = [];
      for (const batch of batches(emails)) {
        const { results } = await call(apiKey, 'POST', '/crm/v3/objects/contacts/batch/upsert', batchResults, {
          inputs: batch.map((email) => ({ idProperty: 'email', id: email, properties: { email } })),
        });
        ids.push(...results.map((r) => r.id));
      }
      return ids;
    },

    async ensureList(apiKey, name) {
      const found = await call(apiKey, 'GET', `/crm/v3/lists/object-type-id/${CONTACTS}/name/${encodeURIComponent(name)}`, listAnswer, undefined, null);
      if (found) return found.list.listId;
      const { list } = await call(apiKey, 'POST', '/crm/v3/lists', listAnswer, { name, objectTypeId: CONTACTS, processingType: 'MANUAL' });
      return list.listId;
    },

    async addToList(apiKey, listId, contactIds) {
      for (const batch of batches(contactIds)) {
        await call(apiKey, 'PUT', `/crm/v3/lists/${encodeURIComponent(listId)}/memberships/add`, anything, batch);
      }
    },
  };
}
