import { fillPath, type Answer, type CallInput, type EndpointDefinition } from '../../core/api/endpoint';

// The site's calls, through the declarations of core/api/portal.ts, with the portal session's bearer
// token (kept in localStorage). A 401 drops the token: the site then shows the sign-in.

const TOKEN = 'touchline.portal.token';

export const portalToken = () => localStorage.getItem(TOKEN);
export const keepToken = (token: string | null) => (token ? localStorage.setItem(TOKEN, token) : localStorage.removeItem(TOKEN));

export class CallError extends Error {
  /**
   * errors: a refused body's reasons by field ({ phone: '…' }), as the server words them; waitlistOpen: a
   * 409 of a full offering whose waitlist may be joined.
   */
  constructor(readonly status: number, message: string, readonly errors: Record<string, string> = {}, readonly waitlistOpen = false) { super(message); }
}

export async function call<E extends EndpointDefinition>(endpoint: E, input: CallInput<E>): Promise<Answer<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  const token = portalToken();
  const res = await fetch(fillPath(endpoint, params) + search, {
    method: endpoint.method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401 && token) keepToken(null);
  if (!res.ok) {
    const refusal = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string>; waitlist?: { open?: boolean } };
    throw new CallError(res.status, refusal.message ?? res.statusText, refusal.errors, refusal.waitlist?.open === true);
  }
  return (res.status === 204 ? undefined : await res.json()) as Answer<E>;
}
