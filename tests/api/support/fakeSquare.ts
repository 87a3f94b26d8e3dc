import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Square for the real adapter's tests: a loopback HTTP server answering the endpoints Touchline
// calls (Devices codes, Terminal checkouts, Payments, Refunds) as Square's API reference documents them:
// Bearer token, {errors: [{category, code, detail}]} bodies with their status codes, idempotency keys
// that answer the first result again and IDEMPOTENCY_KEY_REUSED (400) for another request.

export interface FakeSquareCall {
  method: string;
  path: string;
  authorization?: string;
  version?: string;
  body?: any;
}

type Json = Record<string, any>;

export interface FakeSquare {
  url: string;
  token: string;
  locationId: string;
  devices: Array<{ device_id: string; name: string }>;
  checkouts: Map<string, Json>;
  payments: Map<string, Json>;
  calls: FakeSquareCall[];
  mode: 'ok' | 'error';
  /** The buyer pays at the terminal. */
  complete(checkoutId: string): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

const newId = () => randomBytes(12).toString('hex').toUpperCase();
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const error = (category: string, code: string, detail: string, field?: string) => ({ errors: [{ category, code, detail, ...(field ? { field } : {}) }] });

export async function startFakeSquare({ token = 'EAAAfake-square-token', locationId = 'LFAKE01' } = {}): Promise<FakeSquare> {
  /** Answers by endpoint and idempotency key: the request's digest and the first answer. */
  const keys = new Map<string, { hash: string; status: number; body: unknown }>();
  const fake: FakeSquare = {
    url: '', token, locationId, calls: [], mode: 'ok', checkouts: new Map(), payments: new Map(),
    devices: [{ device_id: 'DEVICE-FRONT', name: 'Front counter' }, { device_id: 'DEVICE-BAR', name: 'Bar' }],
    complete(checkoutId) {
      const checkout = fake.checkouts.get(checkoutId)!;
      const payment = { id: newId(), status: 'COMPLETED', amount_money: checkout.amount_money, source_type: 'CARD', location_id: locationId, created_at: new Date().toISOString() };
      fake.payments.set(payment.id, payment);
      Object.assign(checkout, { status: 'COMPLETED', payment_ids: [payment.id], updated_at: new Date().toISOString() });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** Runs `create` once per idempotency key of an endpoint; the same key with another body is refused. */
  function once(endpoint: string, key: string | undefined, request: unknown, create: () => [number, unknown]): [number, unknown] {
    if (!key) return [400, error('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Field must be set', 'idempotency_key')];
    const hash = digest(request);
    const earlier = keys.get(`${endpoint}:${key}`);
    if (earlier) {
      return earlier.hash === hash ? [earlier.status, earlier.body] : [400, error('INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key')];
    }
    const [status, body] = create();
    keys.set(`${endpoint}:${key}`, { hash, status, body });
    return [status, body];
  }

  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.calls.push({ method: request.method ?? '', path: url.pathname + url.search, authorization: request.headers.authorization, version: request.headers['square-version'] as string, body });
    const send = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (fake.mode === 'error') return send(500, error('API_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error has occurred.'));
    if (request.headers.authorization !== `Bearer ${token}`) {
      return send(401, error('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
    }
    const route = `${request.method} ${url.pathname}`;
    let match: RegExpMatchArray | null;

    if (route === 'GET /v2/devices/codes') {
      return send(200, { device_codes: fake.devices.map((d) => ({ id: `CODE-${d.device_id}`, name: d.name, code: 'EBCARJ', device_id: d.device_id, product_type: 'TERMINAL_API', location_id: locationId, status: 'PAIRED' })) });
    }
    if (route === 'POST /v2/terminals/checkouts') {
      const checkout = body?.checkout;
      const [status, answer] = once('checkouts', body?.idempotency_key, body, () => {
        if (!fake.devices.some((d) => d.device_id === checkout?.device_options?.device_id)) {
          return [400, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Device not found.', 'checkout.device_options.device_id')];
        }
        if (!(checkout?.amount_money?.amount >= 100)) {
          return [400, error('INVALID_REQUEST_ERROR', 'VALUE_TOO_LOW', 'Amount must be at least 100.', 'checkout.amount_money.amount')];
        }
        const created = { ...checkout, id: newId(), status: 'PENDING', deadline_duration: 'PT5M', location_id: locationId, created_at: new Date().toISOString(), updated_at: new Date().toISOString() };
        fake.checkouts.set(created.id, created);
        return [200, { checkout: created }];
      });
      return send(status, answer);
    }
    if (request.method === 'GET' && (match = url.pathname.match(/^\/v2\/terminals\/checkouts\/([^/]+)$/))) {
      const checkout = fake.checkouts.get(decodeURIComponent(match[1]));
      return checkout ? send(200, { checkout }) : send(404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Checkout not found.'));
    }
    if (request.method === 'POST' && (match = url.pathname.match(/^\/v2\/terminals\/checkouts\/([^/]+)\/cancel$/))) {
      const checkout = fake.checkouts.get(decodeURIComponent(match[1]));
      if (!checkout) return send(404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Checkout not found.'));
      if (checkout.status === 'COMPLETED') return send(400, error('INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'Checkout is already completed.'));
      checkout.status = 'CANCELED';
      checkout.cancel_reason = 'SELLER_CANCELED';
      return send(200, { checkout });
    }
    if (route === 'POST /v2/payments') {
      const [status, answer] = once('payments', body?.idempotency_key, body, () => {
        if (body?.source_id === 'cnon:card-nonce-declined') {
          return [402, { ...error('PAYMENT_METHOD_ERROR', 'CARD_DECLINED', 'Authorization error: \'CARD_DECLINED\''), payment: { id: newId(), status: 'FAILED' } }];
        }
        if (body?.source_id !== 'cnon:card-nonce-ok') return [400, error('INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.', 'source_id')];
        const payment = { id: newId(), status: 'COMPLETED', amount_money: body.amount_money, source_type: 'CARD', card_details: { card: { card_brand: 'VISA', last_4: '1111' } }, note: body.note, reference_id: body.reference_id, location_id: locationId, created_at: new Date().toISOString() };
        fake.payments.set(payment.id, payment);
        return [200, { payment }];
      });
      return send(status, answer);
    }
    if (route === 'GET /v2/payments') {
      const begin = url.searchParams.get('begin_time') ?? '';
      const end = url.searchParams.get('end_time') ?? '\uffff';
      return send(200, { payments: [...fake.payments.values()].filter((p) => p.created_at >= begin && p.created_at < end) });
    }
    if (request.method === 'GET' && (match = url.pathname.match(/^\/v2\/payments\/([^/]+)$/))) {
      const payment = fake.payments.get(decodeURIComponent(match[1]));
      return payment ? send(200, { payment }) : send(404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found.'));
    }
    if (route === 'POST /v2/refunds') {
      const [status, answer] = once('refunds', body?.idempotency_key, body, () => {
        const payment = fake.payments.get(body?.payment_id);
        if (!payment) return [404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found.')];
        const refunded = payment.refunded_money?.amount ?? 0;
        if (refunded + body.amount_money.amount > payment.amount_money.amount) {
          return [400, error('INVALID_REQUEST_ERROR', 'REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.')];
        }
        payment.refunded_money = { amount: refunded + body.amount_money.amount, currency: 'USD' };
        return [200, { refund: { id: newId(), status: 'PENDING', amount_money: body.amount_money, payment_id: payment.id, location_id: locationId, created_at: new Date().toISOString() } }];
      });
      return send(status, answer);
    }
    send(404, error('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Resource not found: ${route}`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
