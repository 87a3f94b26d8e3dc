import { vi } from 'vitest';

// A fake network for the browser code: `fetch` answers from a table of `METHOD /path` handlers and
// records every call. Unknown paths answer 404 like the server.

export interface FetchCall {
  method: string;
  url: string;
  path: string;
  body: unknown;
  authorization: string | null;
  headers: Headers;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export function mockFetch(routes: Record<string, FetchHandler>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const { pathname } = new URL(url, 'http://localhost');
    const headers = new Headers(init.headers);
    const call: FetchCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
      headers,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${pathname}`];
    return handler ? handler(call) : json(404, { statusCode: 404, error: 'Not Found', message: `Nothing at ${call.method} ${pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
