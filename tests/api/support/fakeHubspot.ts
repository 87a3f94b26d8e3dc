import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HubSpot for the adapter's tests: a real HTTP server on loopback answering the endpoints
// Touchline calls, in HubSpot's documented shapes, for one private-app access token: the account, the
// contact search, the contacts' batch upsert (at most 100 inputs), and static lists (look-up by name,
// create, add members at most 100 at a time); and HubSpot's rate limit (429) on demand.

export interface FakeHubspotCall {
  method: string;
  path: string;
  authorization?: string;
  body?: unknown;
}

export interface FakeHubspot {
  url: string;
  token: string;
  portalId: number;
  /** Contacts by email (lower case) → contact id. */
  contacts: Map<string, string>;
  calls: FakeHubspotCall[];
  /** Static lists by id: name and member contact ids. */
  lists: Map<string, { name: string; members: Set<string> }>;
  /** How the next requests are answered: normally, 500, or not at all. */
  mode: 'ok' | 'error' | 'hang';
  /** This many next requests answer 429 (TEN_SECONDLY_ROLLING), as HubSpot's rate limit does. */
  rateLimited: number;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

/** The access token the fake accepts unless told another (what a facility's integration must hold to reach it). */
export const FAKE_HUBSPOT_TOKEN = 'pat-na1-fake-token';

export async function startFakeHubspot({ token = FAKE_HUBSPOT_TOKEN, portalId = 4242 } = {}): Promise<FakeHubspot> {
  const fake: FakeHubspot = {
    url: '', token, portalId, contacts: new Map(), lists: new Map(), calls: [], mode: 'ok', rateLimited: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const path = request.url ?? '';
    fake.calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    if (fake.mode === 'hang') return;
    if (fake.mode === 'error') return send(500, { status: 'error', message: 'internal error', category: 'INTERNAL_ERROR' });
    if (fake.rateLimited > 0) {
      fake.rateLimited--;
      return send(429, { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' });
    }
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      return send(401, { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' });
    }
    if (request.method === 'GET' && path === '/account-info/v3/details') {
      return send(200, { portalId: fake.portalId, accountType: 'STANDARD', timeZone: 'US/Eastern', companyCurrency: 'USD', uiDomain: 'app.hubspot.com', dataHostingLocation: 'na1' });
    }
    if (request.method === 'POST' && path === '/crm/v3/objects/contacts/search') {
      const filter = (body as { filterGroups?: Array<{ filters?: Array<{ propertyName: string; operator: string; value: string }> }> })?.filterGroups?.[0]?.filters?.[0];
      if (filter?.propertyName !== 'email' || filter.operator !== 'EQ') return send(400, { status: 'error', message: 'unsupported filter' });
      const email = filter.value.toLowerCase();
      const id = fake.contacts.get(email);
      const results = id ? [{ id, properties: { email, hs_object_id: id }, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', archived: false }] : [];
      return send(200, { total: results.length, results });
    }
    if (request.method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') {
      const inputs = (body as { inputs?: Array<{ idProperty?: string; id?: string }> })?.inputs;
      if (!Array.isArray(inputs) || inputs.length > 100 || inputs.some((i) => i.idProperty !== 'email' || typeof i.id !== 'string' || !i.id.includes('@'))) {
        return send(400, { status: 'error', message: 'Invalid input', category: 'VALIDATION_ERROR' });
      }
      const results = inputs.map((input) => {
        const email = input.id!.toLowerCase();
        if (!fake.contacts.has(email)) fake.contacts.set(email, String(100_000 + fake.contacts.size));
        const id = fake.contacts.get(email)!;
        return { id, properties: { email, hs_object_id: id }, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', archived: false };
      });
      return send(200, { status: 'COMPLETE', results, startedAt: '2024-01-01T00:00:00Z', completedAt: '2024-01-01T00:00:01Z' });
    }
    const list = (id: string) => ({ listId: id, name: fake.lists.get(id)!.name, objectTypeId: '0-1', processingType: 'MANUAL', processingStatus: 'COMPLETE', listVersion: 1, size: fake.lists.get(id)!.members.size });
    const byName = path.match(/^\/crm\/v3\/lists\/object-type-id\/0-1\/name\/([^/?]+)$/);
    if (request.method === 'GET' && byName) {
      const name = decodeURIComponent(byName[1]);
      const found = [...fake.lists].find(([, l]) => l.name === name);
      return found ? send(200, { list: list(found[0]) }) : send(404, { status: 'error', message: `List does not exist with name ${name}`, category: 'OBJECT_NOT_FOUND' });
    }
    if (request.method === 'POST' && path === '/crm/v3/lists') {
      const { name, objectTypeId, processingType } = (body ?? {}) as { name?: string; objectTypeId?: string; processingType?: string };
      if (!name || objectTypeId !== '0-1' || !['MANUAL', 'DYNAMIC', 'SNAPSHOT'].includes(processingType ?? '')) return send(400, { status: 'error', message: 'Invalid list', category: 'VALIDATION_ERROR' });
      if ([...fake.lists.values()].some((l) => l.name === name)) return send(409, { status: 'error', message: 'A list with this name already exists', category: 'CONFLICT' });
      const id = String(fake.lists.size + 1);
      fake.lists.set(id, { name, members: new Set() });
      return send(200, { list: list(id) });
    }
    const add = path.match(/^\/crm\/v3\/lists\/([^/]+)\/memberships\/add$/);
    if (request.method === 'PUT' && add) {
      const target = fake.lists.get(decodeURIComponent(add[1]));
      if (!target) return send(404, { status: 'error', message: 'List not found', category: 'OBJECT_NOT_FOUND' });
      if (!Array.isArray(body) || body.length > 100) return send(400, { status: 'error', message: 'Invalid record ids', category: 'VALIDATION_ERROR' });
      const known = new Set(fake.contacts.values());
      const added = (body as string[]).filter((id) => known.has(id) && !target.members.has(id));
      for (const id of added) target.members.add(id);
      return send(200, { recordIdsAdded: added, recordIdsMissing: (body as string[]).filter((id) => !known.has(id)) });
    }
    send(404, { status: 'error', message: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
