import dayjs from 'dayjs';
import '../../core/time';
import { bearer, defineScenario, type BenchContext } from './types';

// Contracts (issue 12): opening a contract of 200 events (GET /contract/{id}, budget 50 ms p95) and a
// bulk edit of 100 of them — availability check, move to another field and new hourly price, with the
// invoice update — (budget 300 ms p95). The setup books its own contract at 22:00 (inside the fields'
// opening hours every day) in a far year, every event kept so that a re-run on the same database never
// fails on its own earlier contracts.

const FIELDS = [1, 3] as const;

const json = (token: string, method: string, body: unknown): RequestInit => ({
  method, body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' },
});

async function contractWith200Events(ctx: BenchContext) {
  const token = await ctx.token('manager');
  const created = await ctx.call('/api/contract', json(token, 'POST', { facility_id: 1, product_type_id: 2, name: `Bench contract ${Date.now()}` }));
  if (!created.ok) throw new Error(`POST /contract: ${created.status} ${await created.text()}`);
  const { ID } = (await created.json()) as { ID: number };
  const first = dayjs.tz(`${2040 + Math.floor(Math.random() * 40)}-01-01 22:00`, 'America/New_York');
  const events = Array.from({ length: 200 }, (_, i) => {
    const start = first.add(i, 'day').unix();
    return { field_id: FIELDS[0], start_date: start, end_date: start + 3600, keep: true };
  });
  const added = await ctx.call(`/api/contract/events/${ID}`, json(token, 'POST', { events }));
  if (!added.ok) throw new Error(`POST /contract/events: ${added.status} ${await added.text()}`);
  const detail = (await (await ctx.call(`/api/contract/${ID}`, bearer(token))).json()) as { events: Array<{ ID: number; start_date: number; end_date: number }> };
  return { token, ID, events: detail.events.slice(0, 100), round: 0 };
}

export const contractOpen = defineScenario({
  name: 'contract-open-200',
  description: 'GET /contract/{id}, a contract of 200 events (manager)',
  budgetP95Ms: 50,
  setup: contractWith200Events,
  request: (ctx, state) => ctx.call(`/api/contract/${state.ID}`, bearer(state.token)),
});

export const contractBulkEdit = defineScenario({
  name: 'contract-bulk-edit-100',
  description: 'availability check + PUT /contract/events/{id}: 100 events to another field at another price (manager)',
  budgetP95Ms: 300,
  // Edits of one contract queue on its lock: one at a time measures the edit, not the queue.
  maxConcurrency: 1,
  setup: contractWith200Events,
  request: async (ctx, state) => {
    state.round += 1;
    const field_id = FIELDS[state.round % 2];
    const rows = state.events.map((e) => ({ ID: e.ID, field_id, start_date: e.start_date, end_date: e.end_date }));
    const checked = await ctx.call(`/api/contract/events/check/${state.ID}`, json(state.token, 'POST', { events: rows }));
    if (!checked.ok) return checked;
    const { events } = (await checked.json()) as { events: Array<{ ID: number; is_ok: boolean }> };
    return ctx.call(`/api/contract/events/${state.ID}`, json(state.token, 'PUT', {
      event_ids: rows.map((r) => r.ID), field_id, price: 90 + (state.round % 2) * 10, keep_ids: events.filter((e) => !e.is_ok).map((e) => e.ID),
    }));
  },
});
