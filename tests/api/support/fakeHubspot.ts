import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HubSpot for the adapter's tests: a real HTTP server on loopback answering the two endpoints
// Touchline calls, in HubSpot's documented shapes, for one private-app access token.

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
  /** How the next requests are answered: normally, 500, or not at all. */
  mode: 'ok' | 'error' | 'hang';
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

export async function startFakeHubspot({ token = 'pat-na1-fake-token', portalId = 4242 } = {}): Promise<FakeHubspot> {
  const fake: FakeHubspot = {
    url: '', token, portalId, contacts: new Map(), calls: [], mode: 'ok',
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
    send(404, { status: 'error', message: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
