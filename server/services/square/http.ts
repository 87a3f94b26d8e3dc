import { z } from 'zod';
import type { SquareMode } from '../../../core/square';
import { HttpError } from '../../http/errors';
import {
  SQUARE_UNREACHABLE, squareFailure, type SquareClient, type SquareErrorItem, type SquarePayment, type SquareRefund, type TerminalCheckout,
} from './client';

// Square's REST API (https://developer.squareup.com/reference/square): Bearer access token, the
// Square-Version header, JSON in and out, errors as {errors: [{category, code, detail, field}]}.
// The token is the facility's square integration's (or the network-wide SQUARE_ACCESS_TOKEN); it goes
// in the Authorization header only, never into a message or a log.

export const SQUARE_VERSION = '2025-01-23';
export const SQUARE_BASE_URLS = { sandbox: 'https://connect.squareupsandbox.com', production: 'https://connect.squareup.com' } as const;

/** A facility's Square account: its access token, location and environment. */
export interface SquareAccount {
  accessToken: string;
  locationId: string;
  environment: 'sandbox' | 'production';
}

export interface SquareHttpOptions {
  mode: Exclude<SquareMode, 'simulator'>;
  /** The account a facility's calls use (throws a 409 when there is none). */
  account(facilityId: number): Promise<SquareAccount>;
  /** Overrides Square's host (tests: the local fake). */
  baseUrl?: string;
  timeoutMs?: number;
}

const errorBody = z.object({ errors: z.array(z.object({ category: z.string(), code: z.string(), detail: z.string().optional(), field: z.string().optional() })) });
const money = z.object({ amount: z.number().int(), currency: z.literal('USD') });
const checkout = z.object({
  id: z.string(), amount_money: money, device_options: z.object({ device_id: z.string() }),
  status: z.enum(['PENDING', 'IN_PROGRESS', 'CANCEL_REQUESTED', 'CANCELED', 'COMPLETED']),
  note: z.string().optional(), reference_id: z.string().optional(), payment_ids: z.array(z.string()).optional(), created_at: z.string(),
});
const payment = z.object({
  id: z.string(), status: z.enum(['APPROVED', 'PENDING', 'COMPLETED', 'CANCELED', 'FAILED']), amount_money: money, refunded_money: money.optional(),
  source_type: z.string().optional(), card_details: z.object({ card: z.object({ card_brand: z.string().optional(), last_4: z.string().optional() }).optional() }).optional(),
  note: z.string().optional(), reference_id: z.string().optional(), created_at: z.string(),
});
const refund = z.object({ id: z.string(), status: z.enum(['PENDING', 'COMPLETED', 'REJECTED', 'FAILED']), amount_money: money, payment_id: z.string() });
const deviceCodes = z.object({
  device_codes: z.array(z.object({ device_id: z.string().optional(), name: z.string().optional(), status: z.string() })).optional(),
  cursor: z.string().optional(),
});
const paymentList = z.object({ payments: z.array(payment).optional(), cursor: z.string().optional() });

/** Reconciliation reads at most this many pages of 100 payments. */
const MAX_PAGES = 20;

export function httpSquare(options: SquareHttpOptions): SquareClient {
  const { timeoutMs = 10_000 } = options;

  async function call<T>(facilityId: number, method: 'GET' | 'POST', path: string, shape: z.ZodType<T>, body?: unknown): Promise<T> {
    const account = await options.account(facilityId);
    const base = (options.baseUrl ?? SQUARE_BASE_URLS[account.environment]).replace(/\/+$/, '');
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${account.accessToken}`, 'square-version': SQUARE_VERSION, accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError(502, SQUARE_UNREACHABLE);
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const errors: SquareErrorItem[] = errorBody.safeParse(json).data?.errors ?? [];
      throw squareFailure(response.status, errors);
    }
    const parsed = shape.safeParse(json);
    if (!parsed.success) throw new HttpError(502, SQUARE_UNREACHABLE);
    return parsed.data;
  }

  const location = async (facilityId: number) => (await options.account(facilityId)).locationId;
  const path = (segment: string) => encodeURIComponent(segment);

  return {
    mode: options.mode,

    async listDevices(facilityId) {
      const locationId = await location(facilityId);
      const query = new URLSearchParams({ product_type: 'TERMINAL_API', status: 'PAIRED', ...(locationId ? { location_id: locationId } : {}) });
      const { device_codes = [] } = await call(facilityId, 'GET', `/v2/devices/codes?${query}`, deviceCodes);
      return device_codes.filter((code) => code.device_id).map((code) => ({ id: code.device_id!, name: code.name || code.device_id! }));
    },

    async createCheckout(facilityId, c) {
      const { checkout: created } = await call(facilityId, 'POST', '/v2/terminals/checkouts', z.object({ checkout }), {
        idempotency_key: c.idempotencyKey,
        checkout: {
          amount_money: { amount: c.amount, currency: 'USD' },
          device_options: { device_id: c.deviceId },
          ...(c.note ? { note: c.note } : {}),
          ...(c.referenceId ? { reference_id: c.referenceId } : {}),
        },
      });
      return created as TerminalCheckout;
    },

    getCheckout: async (facilityId, id) =>
      (await call(facilityId, 'GET', `/v2/terminals/checkouts/${path(id)}`, z.object({ checkout }))).checkout as TerminalCheckout,

    cancelCheckout: async (facilityId, id) =>
      (await call(facilityId, 'POST', `/v2/terminals/checkouts/${path(id)}/cancel`, z.object({ checkout }))).checkout as TerminalCheckout,

    async createPayment(facilityId, p) {
      const locationId = await location(facilityId);
      const { payment: created } = await call(facilityId, 'POST', '/v2/payments', z.object({ payment }), {
        idempotency_key: p.idempotencyKey,
        source_id: p.sourceId,
        amount_money: { amount: p.amount, currency: 'USD' },
        autocomplete: true,
        ...(locationId ? { location_id: locationId } : {}),
        ...(p.note ? { note: p.note } : {}),
        ...(p.buyerEmail ? { buyer_email_address: p.buyerEmail } : {}),
        ...(p.referenceId ? { reference_id: p.referenceId } : {}),
      });
      return created as SquarePayment;
    },

    getPayment: async (facilityId, id) => (await call(facilityId, 'GET', `/v2/payments/${path(id)}`, z.object({ payment }))).payment as SquarePayment,

    async listPayments(facilityId, { begin, end }) {
      const locationId = await location(facilityId);
      const found: SquarePayment[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          begin_time: new Date(begin * 1000).toISOString(), end_time: new Date(end * 1000).toISOString(), sort_order: 'ASC', limit: '100',
          ...(locationId ? { location_id: locationId } : {}), ...(cursor ? { cursor } : {}),
        });
        const answer = await call(facilityId, 'GET', `/v2/payments?${query}`, paymentList);
        found.push(...((answer.payments ?? []) as SquarePayment[]));
        cursor = answer.cursor;
        if (!cursor) break;
      }
      return found;
    },

    async refundPayment(facilityId, r) {
      const { refund: created } = await call(facilityId, 'POST', '/v2/refunds', z.object({ refund }), {
        idempotency_key: r.idempotencyKey,
        payment_id: r.paymentId,
        amount_money: { amount: r.amount, currency: 'USD' },
        ...(r.reason ? { reason: r.reason.slice(0, 192) } : {}),
      });
      return created as SquareRefund;
    },
  };
}
