import { sql } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import { squareDashboardUrl } from '../../../core/square';
import type { UnixSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import type { SquareClient } from '../../services/square/client';
import { inWindows, num, rowsOf, type ReportScope } from './filters';

// Reconciliation (spec 2 §2, §7 GET /payment/reconciliation): the card payments recorded here against
// the card provider's list of payments for the same days. A recorded payment matches the provider's
// payment with its square_id, the same amount and the same amount refunded to the card: the provider's
// refunded_money against the recorded card refunds of that payment (a refund given as cash, check, wire
// or credit moved no money on the card and is not one). What matches on neither side is called out.
// The card refunds are not rows of their own: each is counted on the payment it refunds.
// The provider's list comes through `CardPaymentSource`: the Square adapter (server/services/square, its
// simulator by default), seen through squarePayments.

/** A payment as the card provider lists it, amounts in cents: taken, and refunded since to the card. */
export interface ProviderPayment {
  id: string;
  amount: number;
  refunded: number;
  created_at: UnixSeconds;
}

/** The provider's payments of a window; `cut` when its list was not read to the end (the last payment's time read). */
export interface ProviderList {
  payments: ProviderPayment[];
  cut?: { after: string };
}

export interface CardPaymentSource {
  listPayments(facilityId: number, from: UnixSeconds, to: UnixSeconds): Promise<ProviderList>;
  /** The provider's dashboard page of one payment. */
  dashboardUrl(paymentId: string): string;
}

/** The Square adapter's completed payments as the report compares them (cents, unix seconds, dashboard link). */
export function squarePayments(square: SquareClient): CardPaymentSource {
  return {
    dashboardUrl: (paymentId) => squareDashboardUrl(square.mode, paymentId),
    async listPayments(facilityId, from, to) {
      const { payments, cut } = await square.listPayments(facilityId, { begin: from, end: to });
      return {
        payments: payments.filter((p) => p.status === 'COMPLETED').map((p) => ({
          id: p.id, amount: p.amount_money.amount, refunded: p.refunded_money?.amount ?? 0, created_at: Math.floor(Date.parse(p.created_at) / 1000),
        })),
        ...(cut ? { cut } : {}),
      };
    },
  };
}

export interface RecordedPayment {
  ID: number;
  amount: number;
  /** What its card refunds gave back, in cents. */
  refunded: number;
  square_id: string | null;
}

/** Pairs recorded payments with the provider's by id, amount and amount refunded; answers what is left on each side. */
export function matchPayments<R extends RecordedPayment, P extends ProviderPayment>(recorded: R[], provider: P[]) {
  const byId = new Map(provider.map((p) => [p.id, p]));
  const matched = new Set<string>();
  const unmatchedRecorded: R[] = [];
  for (const r of recorded) {
    const p = r.square_id ? byId.get(r.square_id) : undefined;
    if (p && p.amount === r.amount && p.refunded === r.refunded && !matched.has(p.id)) matched.add(p.id);
    else unmatchedRecorded.push(r);
  }
  return { matched: matched.size, unmatchedRecorded, unmatchedProvider: provider.filter((p) => !matched.has(p.id)) };
}

export async function reconciliationReport(db: Db, scope: ReportScope, source: CardPaymentSource) {
  // Payments carry their invoice's facility: the month's card payments are read without the invoices.
  const window = inWindows(scope.windows, sql`p.facility_id`, sql`p.created_at`);
  const recorded = await rowsOf<{ id: number; created_at: string; amount: string; refunded: string; type: string; square_id: string | null; invoice_id: number; event_id: number | null; location: string; time_zone: string }>(db, sql`
    select p.id, p.created_at, p.amount, p.type, p.square_id, p.invoice_id, f.name as location, f.time_zone,
      (select coalesce(sum(-r.amount), 0) from payments r where r.refund_of_id = p.id and r.type = 'card') as refunded,
      (select ii.event_id from invoice_items ii where ii.invoice_id = p.invoice_id and ii.event_id is not null order by ii.id limit 1) as event_id
    from payments p ${window.join} join facilities f on f.id = p.facility_id
    where ${window.where} and p.type in ('card', 'terminal') and not (p.type = 'card' and p.refund_of_id is not null)
    order by p.created_at desc, p.id desc`);
  const lists = await Promise.all(scope.windows.map(async (w) => ({ window: w, list: await source.listPayments(w.facility_id, w.start, w.end) })));
  const listed = lists.flatMap(({ window: w, list }) => list.payments.map((p) => ({ ...p, facility_id: w.facility_id })));
  // Where the provider's list was cut, the report says so: its unmatched payments after that time are not to be trusted.
  const cut = lists.flatMap(({ window: w, list }) => (list.cut ? [{ facility_id: w.facility_id, after: Math.floor(Date.parse(list.cut.after) / 1000) }] : []));
  const rows = recorded.map((r) => ({
    ID: r.id, date: num(r.created_at), time_zone: r.time_zone, location: r.location, source: 'touchline' as const, type: r.type,
    square_id: r.square_id, dashboard_url: r.square_id ? source.dashboardUrl(r.square_id) : null,
    amount: num(r.amount), refunded: num(r.refunded), invoice_id: r.invoice_id, event_id: r.event_id,
  }));
  const { matched, unmatchedRecorded, unmatchedProvider } = matchPayments(rows, listed);
  const wire = <T extends { amount: number; refunded: number }>(row: T) => ({ ...row, amount: toDollars(row.amount), refunded: toDollars(row.refunded) });
  /** What stayed on the cards: taken less refunded. */
  const total = (list: Array<{ amount: number; refunded: number }>) => toDollars(list.reduce((s, r) => s + r.amount - r.refunded, 0));
  return {
    by_source: [
      { source: 'touchline', count: rows.length, amount: total(rows) },
      { source: 'square', count: listed.length, amount: total(listed) },
    ],
    matched,
    square_cut: cut,
    payments: rows.map(wire),
    square_payments: listed.map((p) => wire({ ...p, url: source.dashboardUrl(p.id) })),
    unmatched_recorded: unmatchedRecorded.map(wire),
    unmatched_square: unmatchedProvider.map(wire),
  };
}
