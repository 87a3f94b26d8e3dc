import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Square for the real adapter's tests: a loopback HTTP server answering the endpoints Touchline
// calls (ListDeviceCodes, Terminal checkouts, Payments, Refunds) as Square's API reference documents
// them (issue 30), not as Touchline expects:
// - Bearer token; errors as {errors: [{category, code, detail, field}]} with their status codes;
// - required fields answer 400 MISSING_REQUIRED_PARAMETER, idempotency keys longer than the endpoint's
//   limit (CreatePayment and RefundPayment 45, CreateTerminalCheckout 64) 400 VALUE_TOO_LONG, a body
//   that is no JSON 400; a key answers its first result again, and IDEMPOTENCY_KEY_REUSED (400) for
//   another body;
// - lists come a few items to a page with a `cursor`, honouring limit, sort_order (DESC by default),
//   location_id (the main location by default), begin_time (inclusive), end_time (exclusive: an
//   assumption, the reference does not say), and for device codes product_type and status;
// - a checkout is PENDING, IN_PROGRESS once the buyer is on it, CANCEL_REQUESTED when a seller cancels
//   it then (the device decides), CANCELED (TIMED_OUT) when still PENDING past its deadline_duration
//   (PT5M, on the fake's clock); canceling a canceled or completed one is refused (400);
// - a refund is PENDING until the test settles it (COMPLETED, REJECTED or FAILED);
// - failures on demand (failNext): 429 RATE_LIMITED, 503, a gateway's HTML page, TEMPORARY_ERROR,
//   403 INSUFFICIENT_SCOPES, a slow answer (after acting), a success answer of the wrong shape (after acting).

export interface FakeSquareCall {
  method: string;
  path: string;
  authorization?: string;
  version?: string;
  body?: any;
}

type Json = Record<string, any>;

export type FakeFailure = 'rate_limit' | 'unavailable' | 'gateway' | 'temporary' | 'scopes' | 'slow' | 'malformed';

export interface FakeDevice {
  device_id: string;
  name: string;
  location_id?: string;
  status?: 'PAIRED' | 'UNPAIRED' | 'UNKNOWN';
  product_type?: string;
}

export interface FakeSquare {
  url: string;
  token: string;
  locationId: string;
  devices: FakeDevice[];
  checkouts: Map<string, Json>;
  payments: Map<string, Json>;
  refunds: Map<string, Json>;
  calls: FakeSquareCall[];
  /** Items per page of a list (Square's pages are larger; small pages make the cursor matter). */
  pageSize: number;
  /** How long a 'slow' answer waits, ms. */
  slowMs: number;
  /** The next `times` requests (whose path matches `path`) fail as `failure`. */
  failNext(failure: FakeFailure, options?: { times?: number; path?: RegExp }): void;
  /** Moves the fake's clock (checkout deadlines) forward. */
  advance(seconds: number): void;
  /** A payment taken elsewhere (at the counter, another app), for the lists. */
  addPayment(payment: { amount: number; created_at?: string; location_id?: string; status?: string }): Json;
  /** The buyer is on the checkout at the terminal. */
  present(checkoutId: string): void;
  /** The buyer pays at the terminal (from PENDING, IN_PROGRESS or CANCEL_REQUESTED: the device had not let go). */
  complete(checkoutId: string): void;
  /** The device lets a CANCEL_REQUESTED checkout go, or the buyer cancels: CANCELED. */
  cancelAtDevice(checkoutId: string, reason?: 'BUYER_CANCELED' | 'SELLER_CANCELED'): void;
  /** A PENDING refund settles. */
  settleRefund(refundId: string, status: 'COMPLETED' | 'REJECTED' | 'FAILED'): void;
  close(): Promise<void>;
}

const KEY_LIMITS = { payments: 45, refunds: 45, checkouts: 64 } as const;
const DEADLINE_SECONDS = 300;
/** The permission each endpoint needs (what INSUFFICIENT_SCOPES names). */
const SCOPES: Array<[RegExp, string]> = [[/^\/v2\/devices/, 'DEVICE_CREDENTIAL_MANAGEMENT'], [/^GET /, 'PAYMENTS_READ'], [/./, 'PAYMENTS_WRITE']];

class BadJson extends Error {}

async function readJson(request: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of request) text += chunk;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadJson();
  }
}

const newId = () => randomBytes(12).toString('hex').toUpperCase();
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const error = (category: string, code: string, detail: string, field?: string) => ({ errors: [{ category, code, detail, ...(field ? { field } : {}) }] });
const missing = (field: string) => [400, error('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', `Field must be set`, field)] as [number, unknown];
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');
const decodeCursor = (cursor: string | null): number | undefined => {
  if (!cursor) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
  } catch {
    return undefined;
  }
};
const isMoney = (m: any) => m && Number.isInteger(m.amount) && typeof m.currency === 'string';

export async function startFakeSquare({ token = 'EAAAfake-square-token', locationId = 'LFAKE01' } = {}): Promise<FakeSquare> {
  /** Answers by endpoint and idempotency key: the request's digest and the first answer. */
  const keys = new Map<string, { hash: string; status: number; body: unknown }>();
  const failures: Array<{ failure: FakeFailure; path?: RegExp }> = [];
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const iso = () => new Date(now()).toISOString();

  /** A PENDING checkout past its deadline is canceled, as Square does. */
  const expire = (checkout: Json) => {
    if (checkout.status === 'PENDING' && now() > Date.parse(checkout.created_at) + DEADLINE_SECONDS * 1000) {
      Object.assign(checkout, { status: 'CANCELED', cancel_reason: 'TIMED_OUT', updated_at: iso() });
    }
    return checkout;
  };
  const checkoutOf = (id: string) => {
    const checkout = fake.checkouts.get(id);
    if (!checkout) throw new Error(`no checkout ${id}`);
    return expire(checkout);
  };

  const fake: FakeSquare = {
    url: '', token, locationId, calls: [], checkouts: new Map(), payments: new Map(), refunds: new Map(), pageSize: 3, slowMs: 1500,
    devices: [{ device_id: 'DEVICE-FRONT', name: 'Front counter' }, { device_id: 'DEVICE-BAR', name: 'Bar' }],
    failNext(failure, { times = 1, path } = {}) {
      for (let i = 0; i < times; i++) failures.push({ failure, path });
    },
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    addPayment({ amount, created_at = iso(), location_id = locationId, status = 'COMPLETED' }) {
      const payment = { id: newId(), status, amount_money: { amount, currency: 'USD' }, source_type: 'CARD', location_id, created_at, updated_at: created_at };
      fake.payments.set(payment.id, payment);
      return payment;
    },
    present(checkoutId) {
      const checkout = checkoutOf(checkoutId);
      if (checkout.status !== 'PENDING') throw new Error(`checkout ${checkoutId} is ${checkout.status}`);
      Object.assign(checkout, { status: 'IN_PROGRESS', updated_at: iso() });
    },
    complete(checkoutId) {
      const checkout = checkoutOf(checkoutId);
      if (!['PENDING', 'IN_PROGRESS', 'CANCEL_REQUESTED'].includes(checkout.status)) throw new Error(`checkout ${checkoutId} is ${checkout.status}`);
      const payment = fake.addPayment({ amount: checkout.amount_money.amount });
      Object.assign(checkout, { status: 'COMPLETED', payment_ids: [payment.id], updated_at: iso() });
    },
    cancelAtDevice(checkoutId, reason = 'SELLER_CANCELED') {
      const checkout = checkoutOf(checkoutId);
      if (!['PENDING', 'IN_PROGRESS', 'CANCEL_REQUESTED'].includes(checkout.status)) throw new Error(`checkout ${checkoutId} is ${checkout.status}`);
      Object.assign(checkout, { status: 'CANCELED', cancel_reason: reason, updated_at: iso() });
    },
    settleRefund(refundId, status) {
      const refund = fake.refunds.get(refundId)!;
      refund.status = status;
      refund.updated_at = iso();
      if (status !== 'COMPLETED') {
        const payment = fake.payments.get(refund.payment_id)!;
        payment.refunded_money = { amount: payment.refunded_money.amount - refund.amount_money.amount, currency: 'USD' };
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** Runs `create` once per idempotency key of an endpoint; the same key with another body is refused. */
  function once(endpoint: keyof typeof KEY_LIMITS, key: unknown, request: unknown, create: () => [number, unknown]): [number, unknown] {
    if (typeof key !== 'string' || !key) return missing('idempotency_key');
    if (key.length > KEY_LIMITS[endpoint]) {
      return [400, error('INVALID_REQUEST_ERROR', 'VALUE_TOO_LONG', `Field must not be greater than ${KEY_LIMITS[endpoint]} length`, 'idempotency_key')];
    }
    const hash = digest(request);
    const earlier = keys.get(`${endpoint}:${key}`);
    if (earlier) {
      return earlier.hash === hash ? [earlier.status, earlier.body] : [400, error('INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key')];
    }
    const [status, body] = create();
    keys.set(`${endpoint}:${key}`, { hash, status, body });
    return [status, body];
  }

  /** One page of `items` from the request's cursor, with the next cursor when more are left. */
  function page(items: Json[], url: URL, limit: number): [number, { items: Json[]; cursor?: string }] | [number, unknown] {
    const offset = decodeCursor(url.searchParams.get('cursor'));
    if (offset === undefined) return [400, error('INVALID_REQUEST_ERROR', 'INVALID_CURSOR', 'The pagination cursor is not valid.', 'cursor')];
    const size = Math.min(limit, fake.pageSize);
    const next = offset + size;
    return [200, { items: items.slice(offset, next), ...(next < items.length ? { cursor: encodeCursor(next) } : {}) }];
  }

  function answer(route: string, url: URL, body: any): [number, unknown] {
    let match: RegExpMatchArray | null;
    const { searchParams: query } = url;

    if (route === 'GET /v2/devices/codes') {
      const statuses = query.getAll('status');
      const codes = fake.devices
        .map((d) => ({
          id: `CODE-${d.device_id}`, name: d.name, code: 'EBCARJ', device_id: d.device_id, product_type: d.product_type ?? 'TERMINAL_API',
          location_id: d.location_id ?? locationId, status: d.status ?? 'PAIRED',
        }))
        .filter((c) => (!query.get('location_id') || c.location_id === query.get('location_id'))
          && (!query.get('product_type') || c.product_type === query.get('product_type'))
          && (!statuses.length || statuses.includes(c.status)));
      const [status, result] = page(codes, url, Number.POSITIVE_INFINITY);
      if (status !== 200) return [status, result];
      const { items, cursor } = result as { items: Json[]; cursor?: string };
      return [200, { device_codes: items, ...(cursor ? { cursor } : {}) }];
    }
    if (route === 'POST /v2/terminals/checkouts') {
      const checkout = body?.checkout;
      if (!checkout) return missing('checkout');
      if (!checkout.amount_money) return missing('checkout.amount_money');
      if (!checkout.device_options?.device_id) return missing('checkout.device_options.device_id');
      return once('checkouts', body.idempotency_key, body, () => {
        if (!fake.devices.some((d) => d.device_id === checkout.device_options.device_id)) {
          return [400, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Device not found.', 'checkout.device_options.device_id')];
        }
        if (!(checkout.amount_money.amount >= 100)) {
          return [400, error('INVALID_REQUEST_ERROR', 'VALUE_TOO_LOW', 'Amount must be at least 100.', 'checkout.amount_money.amount')];
        }
        const created = { ...checkout, id: newId(), status: 'PENDING', deadline_duration: 'PT5M', location_id: locationId, created_at: iso(), updated_at: iso() };
        fake.checkouts.set(created.id, created);
        return [200, { checkout: created }];
      });
    }
    if ((match = route.match(/^GET \/v2\/terminals\/checkouts\/([^/]+)$/))) {
      const checkout = fake.checkouts.get(decodeURIComponent(match[1]));
      return checkout ? [200, { checkout: expire(checkout) }] : [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Checkout not found.')];
    }
    if ((match = route.match(/^POST \/v2\/terminals\/checkouts\/([^/]+)\/cancel$/))) {
      const checkout = fake.checkouts.get(decodeURIComponent(match[1]));
      if (!checkout) return [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Checkout not found.')];
      expire(checkout);
      if (checkout.status === 'PENDING') Object.assign(checkout, { status: 'CANCELED', cancel_reason: 'SELLER_CANCELED', updated_at: iso() });
      else if (checkout.status === 'IN_PROGRESS') Object.assign(checkout, { status: 'CANCEL_REQUESTED', updated_at: iso() });
      else return [400, error('INVALID_REQUEST_ERROR', 'INVALID_VALUE', `Cannot transition from status ${checkout.status} to status CANCELED with cancel_reason SELLER_CANCELED`, 'status')];
      return [200, { checkout }];
    }
    if (route === 'POST /v2/payments') {
      if (!body?.source_id) return missing('source_id');
      if (!body.amount_money) return missing('amount_money');
      if (!isMoney(body.amount_money)) return [400, error('INVALID_REQUEST_ERROR', 'EXPECTED_INTEGER', 'Expected an integer value.', 'amount_money.amount')];
      return once('payments', body.idempotency_key, body, () => {
        if (body.source_id === 'cnon:card-nonce-declined') {
          return [402, { ...error('PAYMENT_METHOD_ERROR', 'CARD_DECLINED', 'Authorization error: \'CARD_DECLINED\''), payment: { id: newId(), status: 'FAILED' } }];
        }
        if (body.source_id !== 'cnon:card-nonce-ok') return [400, error('INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.', 'source_id')];
        const payment: Json = {
          ...fake.addPayment({ amount: body.amount_money.amount, location_id: body.location_id ?? locationId }),
          card_details: { card: { card_brand: 'VISA', last_4: '1111' } }, note: body.note, reference_id: body.reference_id,
        };
        fake.payments.set(payment.id, payment);
        return [200, { payment }];
      });
    }
    if (route === 'GET /v2/payments') {
      const begin = query.get('begin_time') ? Date.parse(query.get('begin_time')!) : now() - 365 * 86400_000;
      const end = query.get('end_time') ? Date.parse(query.get('end_time')!) : now();
      if (Number.isNaN(begin) || Number.isNaN(end)) return [400, error('INVALID_REQUEST_ERROR', 'INVALID_TIME', 'The time is not in RFC 3339 format.')];
      const limit = Number(query.get('limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1) return [400, error('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'limit must be at least 1', 'limit')];
      const location = query.get('location_id') ?? locationId;
      const descending = (query.get('sort_order') ?? 'DESC') === 'DESC';
      const listed = [...fake.payments.values()]
        .filter((p) => p.location_id === location && Date.parse(p.created_at) >= begin && Date.parse(p.created_at) < end)
        .sort((a, b) => (Date.parse(a.created_at) - Date.parse(b.created_at)) * (descending ? -1 : 1));
      const [status, result] = page(listed, url, Math.min(limit, 100));
      if (status !== 200) return [status, result];
      const { items, cursor } = result as { items: Json[]; cursor?: string };
      // Square leaves `payments` out of an empty page.
      return [200, { ...(items.length ? { payments: items } : {}), ...(cursor ? { cursor } : {}) }];
    }
    if ((match = route.match(/^GET \/v2\/payments\/([^/]+)$/))) {
      const payment = fake.payments.get(decodeURIComponent(match[1]));
      return payment ? [200, { payment }] : [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found.')];
    }
    if (route === 'POST /v2/refunds') {
      if (!body?.amount_money) return missing('amount_money');
      if (!isMoney(body.amount_money)) return [400, error('INVALID_REQUEST_ERROR', 'EXPECTED_INTEGER', 'Expected an integer value.', 'amount_money.amount')];
      if (!body.payment_id) return missing('payment_id');
      return once('refunds', body.idempotency_key, body, () => {
        const payment = fake.payments.get(body.payment_id);
        if (!payment) return [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found.')];
        const refunded = payment.refunded_money?.amount ?? 0;
        if (body.amount_money.amount <= 0 || refunded + body.amount_money.amount > payment.amount_money.amount) {
          return [400, error('INVALID_REQUEST_ERROR', 'REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.')];
        }
        payment.refunded_money = { amount: refunded + body.amount_money.amount, currency: 'USD' };
        const refund = { id: newId(), status: 'PENDING', amount_money: body.amount_money, payment_id: payment.id, location_id: locationId, reason: body.reason, created_at: iso(), updated_at: iso() };
        fake.refunds.set(refund.id, refund);
        return [200, { refund }];
      });
    }
    if ((match = route.match(/^GET \/v2\/refunds\/([^/]+)$/))) {
      const refund = fake.refunds.get(decodeURIComponent(match[1]));
      return refund ? [200, { refund }] : [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Refund not found.')];
    }
    return [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Resource not found: ${route}`)];
  }

  /** What a failure on demand answers before Square acts (undefined: it acts, then 'slow' or 'malformed' spoil the answer). */
  function failFirst(failure: FakeFailure, route: string): [number, unknown, Record<string, string>?] | undefined {
    switch (failure) {
      case 'rate_limit': return [429, error('RATE_LIMIT_ERROR', 'RATE_LIMITED', 'Rate limit exceeded.')];
      case 'unavailable': return [503, error('API_ERROR', 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')];
      case 'gateway': return [502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' }];
      case 'temporary': return [400, error('PAYMENT_METHOD_ERROR', 'TEMPORARY_ERROR', 'A temporary internal error occurred. You can safely retry your call using the same idempotency key.')];
      case 'scopes': {
        const scope = SCOPES.find(([pattern]) => pattern.test(route.replace(/^[A-Z]+ /, '')) || pattern.test(route))![1];
        return [403, error('AUTHENTICATION_ERROR', 'INSUFFICIENT_SCOPES', `The merchant has not given your application sufficient permissions to do that. The merchant must authorize your application for the following scopes: ${scope}`)];
      }
      default: return undefined;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, json: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      response.writeHead(status, headers).end(typeof json === 'string' ? json : JSON.stringify(json));
    let body: any;
    try {
      body = await readJson(request);
    } catch {
      fake.calls.push({ method: request.method ?? '', path: url.pathname + url.search, authorization: request.headers.authorization });
      return send(400, error('INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'The request body is not valid JSON.'));
    }
    fake.calls.push({ method: request.method ?? '', path: url.pathname + url.search, authorization: request.headers.authorization, version: request.headers['square-version'] as string, body });
    if (request.headers.authorization !== `Bearer ${token}`) {
      return send(401, error('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
    }
    const route = `${request.method} ${url.pathname}`;
    const at = failures.findIndex((f) => !f.path || f.path.test(url.pathname));
    const failure = at >= 0 ? failures.splice(at, 1)[0].failure : undefined;
    const early = failure && failFirst(failure, route);
    if (early) return send(...early);
    const [status, json] = answer(route, url, body);
    if (failure === 'slow') await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    if (failure === 'malformed' && status === 200) {
      // The object as Square answered it, its amount a string: what the client's checks must catch.
      const spoiled = structuredClone(json) as Json;
      for (const value of Object.values(spoiled)) if (value?.amount_money) value.amount_money.amount = String(value.amount_money.amount);
      return send(status, spoiled);
    }
    send(status, json);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((e: unknown) => {
      // A fault of the fake answers 500 rather than leaving the request hanging.
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(error('API_ERROR', 'INTERNAL_SERVER_ERROR', String(e))));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
