import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SquareMode } from '../../../core/square';
import { HttpError } from '../../http/errors';
import {
  isTemporary, SQUARE_UNREACHABLE, squareFailure, type SquareClient, type SquareErrorItem, type SquarePayment, type SquareRefund, type TerminalCheckout,
} from './client';

// Square's REST API (https://developer.squareup.com/reference/square): Bearer access token, the
// Square-Version header, JSON in and out, errors as {errors: [{category, code, detail, field}]}.
// The token is the facility's square integration's (or the network-wide SQUARE_ACCESS_TOKEN); it goes
// in the Authorization header only, never into a message or a log.
//
// As Square asks of a client (issue 30): idempotency keys within Square's limits (derived from
// Touchline's scoped key, so a retry maps to the same one), every page of a list followed by its
// cursor, and what Square calls temporary (429, 5xx, TEMPORARY_ERROR, no answer in time) sent again
// with the same key after an exponential, jittered, bounded backoff.

export const SQUARE_VERSION = '2025-01-23';
export const SQUARE_BASE_URLS = { sandbox: 'https://connect.squareupsandbox.com', production: 'https://connect.squareup.com' } as const;

/** Square's longest idempotency_key per endpoint (CreatePayment and RefundPayment 45, CreateTerminalCheckout 64). */
export const SQUARE_KEY_LIMITS = { payments: 45, refunds: 45, checkouts: 64 } as const;

/**
 * The idempotency key sent to Square for one of Touchline's (scoped) keys: its SHA-256 in base64url,
 * 43 characters — within every limit above, the same for every retry, and different for another key.
 */
export const squareKey = (scopedKey: string) => createHash('sha256').update(scopedKey).digest('base64url');

/** A facility's Square account: its access token, location and environment. */
export interface SquareAccount {
  accessToken: string;
  locationId: string;
  environment: 'sandbox' | 'production';
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseMs: number;
  /** The longest wait between two tries, Retry-After included. */
  maxMs: number;
}

export interface SquareHttpOptions {
  mode: Exclude<SquareMode, 'simulator'>;
  /** The account a facility's calls use (throws a 409 when there is none). */
  account(facilityId: number): Promise<SquareAccount>;
  /** Overrides Square's host (tests: the local fake). */
  baseUrl?: string;
  /** How long one try waits for Square's whole answer. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Pages of payments read before the list is called cut (tests make it small). */
  maxPaymentPages?: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseMs: 300, maxMs: 3000 };
/** Pages read before a list is called cut: 500 pages of 100 payments; device codes come a few to a page. */
const MAX_PAYMENT_PAGES = 500;
const MAX_DEVICE_PAGES = 100;

const errorBody = z.object({ errors: z.array(z.object({ category: z.string(), code: z.string(), detail: z.string().optional(), field: z.string().optional() })) });
const money = z.object({ amount: z.number().int(), currency: z.literal('USD') });
const checkout = z.object({
  id: z.string(), amount_money: money, device_options: z.object({ device_id: z.string() }),
  status: z.enum(['PENDING', 'IN_PROGRESS', 'CANCEL_REQUESTED', 'CANCELED', 'COMPLETED']),
  note: z.string().optional(), reference_id: z.string().optional(), payment_ids: z.array(z.string()).optional(), created_at: z.string(),
  cancel_reason: z.string().optional(),
});
const paymentStatus = z.enum(['APPROVED', 'PENDING', 'COMPLETED', 'CANCELED', 'FAILED']);
const payment = z.object({
  id: z.string(), status: paymentStatus, amount_money: money, refunded_money: money.optional(),
  source_type: z.string().optional(), card_details: z.object({ card: z.object({ card_brand: z.string().optional(), last_4: z.string().optional() }).optional() }).optional(),
  note: z.string().optional(), reference_id: z.string().optional(), created_at: z.string(),
});
const refund = z.object({ id: z.string(), status: z.enum(['PENDING', 'COMPLETED', 'REJECTED', 'FAILED']), amount_money: money, payment_id: z.string() });
const deviceCodes = z.object({
  device_codes: z.array(z.object({ device_id: z.string().optional(), name: z.string().optional(), status: z.string() })).optional(),
  cursor: z.string().optional(),
});
const paymentList = z.object({ payments: z.array(payment).optional(), cursor: z.string().optional() });

/** What a success answer that failed its checks still has to carry to be used: the object, with its id. */
const objectWithId = (json: unknown, key: string): Record<string, unknown> | undefined => {
  const value = (json as Record<string, unknown> | undefined)?.[key];
  return value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? value as Record<string, unknown> : undefined;
};
const reviewNote = (issue: string) => `Square's answer did not pass Touchline's checks (${issue}): check this in Square's dashboard`;
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CallOptions<T> {
  body?: unknown;
  /** Square's permission the call needs (named when Square answers INSUFFICIENT_SCOPES without it). */
  permission: string;
  /** After money moved, what a success answer that failed its shape checks is still worth (else 502). */
  salvage?: (json: unknown, issue: string) => T | undefined;
}

export function httpSquare(options: SquareHttpOptions): SquareClient {
  const { timeoutMs = 10_000 } = options;
  const retry = { ...DEFAULT_RETRY, ...options.retry };

  /** The wait before try `attempt + 1`: Square's Retry-After when it sends one, else exponential with jitter; at most maxMs. */
  function backoff(attempt: number, retryAfter: string | null | undefined) {
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(retry.maxMs, seconds * 1000);
    const ceiling = Math.min(retry.maxMs, retry.baseMs * 2 ** (attempt - 1));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  async function call<T>(facilityId: number, method: 'GET' | 'POST', path: string, shape: z.ZodType<T>, { body, permission, salvage }: CallOptions<T>): Promise<T> {
    const account = await options.account(facilityId);
    const base = (options.baseUrl ?? SQUARE_BASE_URLS[account.environment]).replace(/\/+$/, '');
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let json: unknown;
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
        // The body is read under the same timeout; a gateway's HTML page is no JSON: undefined.
        const text = await response.text();
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      } catch {
        // No answer (refused, reset, timed out): Square may have acted; the same key makes the retry safe.
        response = undefined;
      }
      if (response?.ok) {
        const parsed = shape.safeParse(json);
        if (parsed.success) return parsed.data;
        const issue = parsed.error.issues.slice(0, 2).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
        const kept = salvage?.(json, issue);
        if (kept !== undefined) return kept;
        throw new HttpError(502, SQUARE_UNREACHABLE);
      }
      const errors: SquareErrorItem[] = response ? errorBody.safeParse(json).data?.errors ?? [] : [];
      if ((!response || isTemporary(response.status, errors)) && attempt < retry.attempts) {
        await sleep(backoff(attempt, response?.headers.get('retry-after')));
        continue;
      }
      if (!response) throw new HttpError(502, SQUARE_UNREACHABLE);
      throw squareFailure(response.status, errors, permission);
    }
  }

  const location = async (facilityId: number) => (await options.account(facilityId)).locationId;
  const path = (segment: string) => encodeURIComponent(segment);

  const getCheckout = async (facilityId: number, id: string) => (await call(facilityId, 'GET', `/v2/terminals/checkouts/${path(id)}`, z.object({ checkout }), {
    permission: 'PAYMENTS_READ',
    // A completed checkout's payment is taken: with its payment ids, it is recorded and flagged.
    salvage: (json, issue) => {
      const raw = objectWithId(json, 'checkout');
      const ids = raw?.payment_ids;
      if (raw?.status !== 'COMPLETED' || !Array.isArray(ids) || !ids.length || !ids.every((i) => typeof i === 'string')) return undefined;
      const amount = (raw.amount_money as { amount?: unknown } | undefined)?.amount;
      return { checkout: {
        id: raw.id as string, status: 'COMPLETED' as const, payment_ids: ids as string[], amount_money: usd(Number.isInteger(amount) ? amount as number : 0),
        device_options: { device_id: String((raw.device_options as { device_id?: unknown } | undefined)?.device_id ?? '') },
        created_at: typeof raw.created_at === 'string' ? raw.created_at : new Date().toISOString(), review: reviewNote(issue),
      } };
    },
  })).checkout as TerminalCheckout;

  return {
    mode: options.mode,

    async listDevices(facilityId) {
      const locationId = await location(facilityId);
      const found: Array<{ id: string; name: string }> = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_DEVICE_PAGES; page++) {
        const query = new URLSearchParams({ product_type: 'TERMINAL_API', status: 'PAIRED', ...(locationId ? { location_id: locationId } : {}), ...(cursor ? { cursor } : {}) });
        const answer = await call(facilityId, 'GET', `/v2/devices/codes?${query}`, deviceCodes, { permission: 'DEVICE_CREDENTIAL_MANAGEMENT' });
        for (const code of answer.device_codes ?? []) if (code.device_id) found.push({ id: code.device_id, name: code.name || code.device_id });
        cursor = answer.cursor;
        if (!cursor) break;
      }
      return found;
    },

    async createCheckout(facilityId, c) {
      const { checkout: created } = await call(facilityId, 'POST', '/v2/terminals/checkouts', z.object({ checkout }), {
        permission: 'PAYMENTS_WRITE',
        body: {
          idempotency_key: squareKey(c.idempotencyKey),
          checkout: {
            amount_money: usd(c.amount),
            device_options: { device_id: c.deviceId },
            ...(c.note ? { note: c.note } : {}),
            ...(c.referenceId ? { reference_id: c.referenceId } : {}),
          },
        },
      });
      return created as TerminalCheckout;
    },

    getCheckout,

    async cancelCheckout(facilityId, id) {
      try {
        return (await call(facilityId, 'POST', `/v2/terminals/checkouts/${path(id)}/cancel`, z.object({ checkout }), { permission: 'PAYMENTS_WRITE' })).checkout as TerminalCheckout;
      } catch (error) {
        // Square refuses to cancel what is already canceled (or being canceled): that is the wish granted.
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        const current = await getCheckout(facilityId, id);
        if (current.status === 'CANCELED' || current.status === 'CANCEL_REQUESTED') return current;
        throw error;
      }
    },

    async createPayment(facilityId, p) {
      const locationId = await location(facilityId);
      const { payment: created } = await call(facilityId, 'POST', '/v2/payments', z.object({ payment }), {
        permission: 'PAYMENTS_WRITE',
        body: {
          idempotency_key: squareKey(p.idempotencyKey),
          source_id: p.sourceId,
          amount_money: usd(p.amount),
          autocomplete: true,
          ...(locationId ? { location_id: locationId } : {}),
          ...(p.note ? { note: p.note } : {}),
          ...(p.buyerEmail ? { buyer_email_address: p.buyerEmail } : {}),
          ...(p.referenceId ? { reference_id: p.referenceId } : {}),
        },
        // Square answered 200: the card is charged (autocomplete) unless its status says otherwise.
        salvage: (json, issue) => {
          const raw = objectWithId(json, 'payment');
          if (!raw) return undefined;
          const status = paymentStatus.safeParse(raw.status);
          return { payment: {
            id: raw.id as string, status: status.success ? status.data : 'COMPLETED', amount_money: usd(p.amount),
            created_at: new Date().toISOString(), review: reviewNote(issue),
          } };
        },
      });
      return created as SquarePayment;
    },

    getPayment: async (facilityId, id) => (await call(facilityId, 'GET', `/v2/payments/${path(id)}`, z.object({ payment }), { permission: 'PAYMENTS_READ' })).payment as SquarePayment,

    async listPayments(facilityId, { begin, end }) {
      const locationId = await location(facilityId);
      const found: SquarePayment[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < (options.maxPaymentPages ?? MAX_PAYMENT_PAGES); page++) {
        const query = new URLSearchParams({
          begin_time: new Date(begin * 1000).toISOString(), end_time: new Date(end * 1000).toISOString(), sort_order: 'ASC', limit: '100',
          ...(locationId ? { location_id: locationId } : {}), ...(cursor ? { cursor } : {}),
        });
        const answer = await call(facilityId, 'GET', `/v2/payments?${query}`, paymentList, { permission: 'PAYMENTS_READ' });
        found.push(...((answer.payments ?? []) as SquarePayment[]));
        cursor = answer.cursor;
        if (!cursor) return { payments: found };
      }
      return { payments: found, cut: { after: found.at(-1)?.created_at ?? new Date(begin * 1000).toISOString() } };
    },

    async refundPayment(facilityId, r) {
      const { refund: created } = await call(facilityId, 'POST', '/v2/refunds', z.object({ refund }), {
        permission: 'PAYMENTS_WRITE',
        body: {
          idempotency_key: squareKey(r.idempotencyKey),
          payment_id: r.paymentId,
          amount_money: usd(r.amount),
          ...(r.reason ? { reason: r.reason.slice(0, 192) } : {}),
        },
        // Square answered 200: the refund exists; kept PENDING, its real status is read later (GetPaymentRefund).
        salvage: (json, issue) => {
          const raw = objectWithId(json, 'refund');
          return raw && { refund: { id: raw.id as string, status: 'PENDING' as const, amount_money: usd(r.amount), payment_id: r.paymentId, review: reviewNote(issue) } };
        },
      });
      return created as SquareRefund;
    },

    getRefund: async (facilityId, id) => (await call(facilityId, 'GET', `/v2/refunds/${path(id)}`, z.object({ refund }), { permission: 'PAYMENTS_READ' })).refund as SquareRefund,
  };
}
