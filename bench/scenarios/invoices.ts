import { DEFAULT_PAGE_SIZE } from '../../core/constants';
import { bearer, defineScenario, type BenchContext } from './types';

// The invoice calls of issue 10 (spec 2 §7), as an admin: the invoice list's search (its default
// window, 7 days ago until tomorrow, across every facility, the list's first page), one invoice, and a
// cash payment of one cent on invoices that still owe (drawn from the list, round robin).

const json = (token: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST', body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json', ...headers },
});

const search = (ctx: BenchContext, token: string) =>
  ctx.call('/api/invoice/search/new', json(token, { query: { facility_id: 0 }, range: [0, DEFAULT_PAGE_SIZE - 1] }));

interface ListRow { ID: number; balance: number; reversed: number | null; reversal: number | null; team_id: number | null }

/** The IDs of the window's invoices (up to 1000); with `owing`, open ones (not reversed, not a reversal) owing that many dollars, of those `keep` keeps. */
export async function invoiceIds(ctx: BenchContext, token: string, owing?: number, keep: (row: ListRow) => boolean = () => true): Promise<number[]> {
  const res = await ctx.call('/api/invoice/search/new', json(token, { query: { facility_id: 0 }, range: [0, 999] }));
  if (!res.ok) throw new Error(`invoice search failed: HTTP ${res.status}`);
  const rows = (await res.json()) as ListRow[];
  const ids = rows.filter((r) => keep(r) && (owing === undefined || (r.balance >= owing && !r.reversed && !r.reversal))).map((r) => r.ID);
  if (!ids.length) throw new Error('no invoices in the window: seed the benchmark database with --events first');
  return ids;
}

export const invoiceSearch = defineScenario({
  name: 'invoices.search',
  description: `POST /invoice/search/new, 7-day window, all facilities, first ${DEFAULT_PAGE_SIZE} rows (admin)`,
  budgetP95Ms: 50,
  setup: (ctx) => ctx.token('admin'),
  request: (ctx, token) => search(ctx, token),
});

export const invoiceOne = defineScenario({
  name: 'invoices.one',
  description: 'GET /invoice/{id}, invoices of the search window (admin)',
  budgetP95Ms: 20,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    return { token, ids: await invoiceIds(ctx, token), next: 0 };
  },
  request: (ctx, state) => ctx.call(`/api/invoice/${state.ids[state.next++ % state.ids.length]}`, bearer(state.token)),
});

export const invoicePayment = defineScenario({
  name: 'invoices.payment',
  description: 'POST /payment, $0.01 cash on invoices that owe (admin)',
  budgetP95Ms: 30,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    return { token, ids: await invoiceIds(ctx, token, 50), next: 0 };
  },
  request: (ctx, state) => ctx.call('/api/payment', json(state.token, { invoice_id: state.ids[state.next++ % state.ids.length], amount: 0.01, type: 'cash' })),
});
