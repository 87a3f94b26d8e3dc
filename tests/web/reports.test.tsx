import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, todayIn } from '../../core/reports';
import { defaultTimeZone } from '../../core/time';
import type { Sheet } from '../../src/kit/components/ExportButton';
import { EXPORT_MAX_ROWS } from '../../core/constants';
import { allReportRows } from '../../src/app/pages/reports/useReport';
import { appDataProvider, fakeDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// The report pages over the real dataProvider and a fake API: the filter bar (its URL, the mod's
// disabled dates, the spec's messages, the League picker), the sales page's summaries and week over
// week, and the export of every row of a server-paged table, not only the page shown.

const downloads = vi.hoisted(() => [] as Sheet[]);
vi.mock('../../src/kit/components/ExportButton/spreadsheet', async (original) => ({
  ...(await original<typeof import('../../src/kit/components/ExportButton/spreadsheet')>()),
  downloadSpreadsheet: async (sheet: Sheet) => {
    downloads.push(sheet);
    return `${sheet.prefix}.xlsx`;
  },
}));

// The shared machine is slow to render the app shell and the data grids.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  downloads.length = 0;
});

/** The filter bar's Run or Search button (the shell has a search of its own). */
const bar = () => within(document.querySelector<HTMLElement>('form[role="search"]')!);
/** The page's lazy chunks load slowly on the shared machine. */
const SLOW = { timeout: 20_000 };

const lists = { facilities: FACILITIES, product_types: [{ id: 1, ID: 1, name: 'Adult rental' }] };
const dataProvider = () => fakeDataProvider(lists);

interface Body { query: { start_date?: string; end_date?: string; summary_only?: boolean; rows_only?: boolean; range?: [number, number] } }

/** 120 payments of the report, newest first; the figures of the period asked and of the one before. */
const TOTAL = 120;
const transaction = (n: number) => ({
  ID: 1000 + n, date: 1_772_000_000 - n * 60, time_zone: 'America/New_York', amount: 10 + n, type: 'cash', product: 'Adult rental',
  invoice_id: 500 + n, location: 'Downtown', customer: { ID: 9, first_name: 'Ana', last_name: 'Ruiz' },
});
const summary = (net: number) => ({
  sales: { gross_sales: net + 20, refunds: -15, discounts: 5, net_sales: net, taxes: 8.88, total_sales: net + 8.88 },
  payments: { total_collected: net + 12, by_type: [{ type: 'cash', amount: net + 12, count: 3 }], fees: 3.12, net_total: net + 8.88 },
  by_product: [{ product_type_id: 1, product: 'Adult rental', net_sales: net }],
  by_location: [{ facility_id: 1, location: 'Downtown', net_sales: net }],
});

function salesApi(calls: Body[]) {
  return {
    'POST /api/report/sales/new': ({ body }: FetchCall) => {
      const { query } = body as Body;
      calls.push(body as Body);
      const [first, last] = query.range ?? [0, 49];
      const transactions = { total: TOTAL, rows: Array.from({ length: Math.max(0, Math.min(last, TOTAL - 1) - first + 1) }, (_, i) => transaction(first + i)) };
      if (query.rows_only) return json(200, { transactions });
      // The previous period (summary only) sold 200.00; the period asked 250.00: +25 %.
      if (query.summary_only) return json(200, summary(200));
      return json(200, { ...summary(250), transactions });
    },
  };
}

describe('the report filter bar', () => {
  it('reads its filters from the URL and writes them back on Run', async () => {
    const calls: Body[] = [];
    const { location } = renderApp('/reporting/sales?start=2026-03-01&end=2026-03-07&facility=2&pay=cash&basis=activity', { dataProvider: dataProvider(), routes: salesApi(calls) });
    const start = await screen.findByLabelText('Start date', {}, SLOW);
    expect(start).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-03-07');
    await waitFor(() => expect(calls.find((c) => !c.query.summary_only)?.query).toMatchObject({
      start_date: '2026-03-01', end_date: '2026-03-07', facility_ids: [2], payment_types: ['cash'], basis: 'activity',
    }));
    fireEvent.change(start, { target: { value: '2026-02-20' } });
    await userEvent.click(bar().getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(location()).toBe('/reporting/sales?start=2026-02-20&end=2026-03-07&facility=2&pay=cash&basis=activity'));
    await waitFor(() => expect(calls.some((c) => c.query.start_date === '2026-02-20' && !c.query.summary_only)).toBe(true));
  });

  it('says which date is missing, and the bar report asks for both', async () => {
    renderApp('/reporting/sales?start=2026-03-01&end=2026-03-07&facility=1', { dataProvider: dataProvider(), routes: salesApi([]) });
    fireEvent.change(await screen.findByLabelText('Start date', {}, SLOW), { target: { value: '' } });
    await userEvent.click(bar().getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing start date');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '' } });
    await userEvent.click(bar().getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Missing end date'));
    cleanup();

    renderApp('/reporting/bar?start=&end=&facility=1', { dataProvider: dataProvider(), routes: { 'POST /api/report/bar': () => json(200, summary(0)) } });
    await userEvent.click(await within(await screen.findByRole('search', {}, SLOW)).findByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a start and an end date');
  });

  it('counts facility 6 as missing on the health report', async () => {
    renderApp('/reporting/health?start=2026-03-01&end=2026-03-07&facility=6', { dataProvider: dataProvider(), routes: { 'POST /api/report/health': () => json(200, []) } });
    await userEvent.click(await within(await screen.findByRole('search', {}, SLOW)).findByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing facility');
  });

  it('disables a moderator\'s dates, except on health check-ins, within the last 30 days', async () => {
    renderApp('/reporting/sales', { role: 'mod', dataProvider: dataProvider(), routes: salesApi([]) });
    expect(await screen.findByLabelText('Start date', {}, SLOW)).toBeDisabled();
    expect(screen.getByLabelText('End date')).toBeDisabled();
    cleanup();

    renderApp('/reporting/health', { role: 'mod', dataProvider: dataProvider(), routes: { 'POST /api/report/health': () => json(200, []) } });
    const start = await screen.findByLabelText('Start date', {}, SLOW);
    expect(start).toBeEnabled();
    const today = todayIn(defaultTimeZone(1));
    expect(start).toHaveAttribute('max', today);
    expect(start).toHaveAttribute('min', addDays(today, -29));
  });

  it('runs a moderator\'s bookmarked report older than their 30 days on the allowed range, with a note (issue 22 item 7)', async () => {
    const calls: Body[] = [];
    const today = todayIn(defaultTimeZone(1));
    const us = (iso: string) => { const [y, m, d] = iso.split('-'); return `${Number(m)}/${Number(d)}/${y}`; };
    renderApp('/reporting/sales?start=2024-01-01&end=2024-01-31&facility=1', { role: 'mod', dataProvider: dataProvider(), routes: salesApi(calls) });
    const note = await screen.findByTestId('mod-range-reset', {}, SLOW);
    expect(note).toHaveTextContent(`Moderators see the last 30 days only: the dates asked for, 1/1/2024 – 1/31/2024, were changed to ${us(addDays(today, -29))} – ${us(today)}.`);
    expect(screen.getByLabelText('Start date')).toHaveValue(addDays(today, -29));
    expect(screen.getByLabelText('End date')).toHaveValue(today);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    // The period and the one before it (week over week): nothing of the bookmarked dates.
    expect(calls.some((c) => c.query.start_date === addDays(today, -29) && c.query.end_date === today)).toBe(true);
    expect(calls.filter((c) => c.query.start_date?.startsWith('2024'))).toEqual([]);
    expect(screen.queryByText('Moderators can only run reports on the last 30 days')).not.toBeInTheDocument();
    cleanup();

    // A range reaching into the 30 days keeps its part inside them; an admin's is left as asked.
    renderApp(`/reporting/sales?start=2024-01-01&end=${addDays(today, -3)}&facility=1`, { role: 'mod', dataProvider: dataProvider(), routes: salesApi([]) });
    expect(await screen.findByTestId('mod-range-reset', {}, SLOW)).toHaveTextContent(`were changed to ${us(addDays(today, -29))} – ${us(addDays(today, -3))}.`);
    cleanup();
    renderApp('/reporting/sales?start=2024-01-01&end=2024-01-31&facility=1', { role: 'admin', dataProvider: dataProvider(), routes: salesApi([]) });
    expect(await screen.findByLabelText('Start date', {}, SLOW)).toHaveValue('2024-01-01');
    expect(screen.queryByTestId('mod-range-reset')).not.toBeInTheDocument();
  });

  it('picks the teams report\'s league by name and keeps its ID in the URL', async () => {
    const teams: Body[] = [];
    const { location } = renderApp('/reporting/teams?facility=1', {
      dataProvider: dataProvider(),
      routes: {
        'GET /api/report/leagues': ({ url }) => {
          expect(new URL(url, 'http://localhost').searchParams.get('facility_ids')).toBe('1');
          return json(200, [{ ID: 31, name: 'Spring season', facility_id: 1 }, { ID: 32, name: 'Spring season Adult', facility_id: 1 }]);
        },
        'POST /api/report/teams': ({ body }) => {
          teams.push(body as Body);
          return json(200, { totals: { teams: 0, invoiced: 0, paid: 0, discounted: 0, balance: 0 }, rows: [] });
        },
      },
    });
    await userEvent.click(await screen.findByLabelText('League', {}, SLOW));
    await userEvent.click(await screen.findByRole('option', { name: 'Spring season Adult' }));
    await userEvent.click(bar().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toContain('league=32'));
    await waitFor(() => expect(teams.at(-1)).toMatchObject({ query: { league_id: 32 } }));
    // Opened from the URL, the picker shows the league's name.
    cleanup();
    renderApp('/reporting/teams?facility=1&league=31', {
      dataProvider: dataProvider(),
      routes: {
        'GET /api/report/leagues': () => json(200, [{ ID: 31, name: 'Spring season', facility_id: 1 }]),
        'POST /api/report/teams': () => json(200, { totals: { teams: 0, invoiced: 0, paid: 0, discounted: 0, balance: 0 }, rows: [] }),
      },
    });
    await waitFor(() => expect(screen.getByLabelText('League')).toHaveValue('Spring season'));
  });

  it('says where each team was entered: at the front desk or online', async () => {
    const row = (ID: number, name: string, source: string) => ({
      ID, season: { ID: 31, name: 'Spring season' }, league: { ID: 31, name: 'Spring season' }, facility: 'Touchline Brooklyn', end_date: 1_800_000_000,
      team: { ID: ID + 100, name }, source, invoiced: 0, paid: 0, discounted: 0, balance: 0,
    });
    renderApp('/reporting/teams?facility=1', {
      dataProvider: dataProvider(),
      routes: {
        'GET /api/report/leagues': () => json(200, []),
        'POST /api/report/teams': () => json(200, { totals: { teams: 2, invoiced: 0, paid: 0, discounted: 0, balance: 0 }, rows: [row(1, 'Lions', 'staff'), row(2, 'Hawks', 'online')] }),
      },
    });
    await screen.findByLabelText('League', {}, SLOW);
    await userEvent.click(bar().getByRole('button', { name: 'Search' }));
    const hawks = (await screen.findByText('Hawks', {}, SLOW)).closest('[role="row"]') as HTMLElement;
    expect(within(hawks).getByText('Online')).toBeInTheDocument();
    expect(within(screen.getByText('Lions').closest('[role="row"]') as HTMLElement).getByText('Front desk')).toBeInTheDocument();
  });
});

describe('the sales page', () => {
  it('shows the sales and payments summaries and the change from the previous period', async () => {
    const calls: Body[] = [];
    renderApp('/reporting/sales?start=2026-03-08&end=2026-03-14&facility=1', { dataProvider: dataProvider(), routes: salesApi(calls) });
    const sales = await screen.findByTestId('sales-summary', {}, SLOW);
    await waitFor(() => expect(within(sales).getByText('Net sales').closest('tr')).toHaveTextContent('250.00'));
    // Amounts with "$", the minus before it (issue 22 item 15).
    expect(within(sales).getByText('Refunds').closest('tr')).toHaveTextContent('-$15.00');
    expect(within(sales).getByText('Total sales').closest('tr')).toHaveTextContent('$258.88');
    const payments = screen.getByTestId('payments-summary');
    // Payment types in words, not codes (issue 22 item 15).
    expect(within(payments).getByText('Cash').closest('tr')).toHaveTextContent('$262.00');
    expect(within(payments).queryByText('cash')).toBeNull();
    expect(within(payments).getByText('Fees').closest('tr')).toHaveTextContent('3.12');
    // Week over week: the previous 7 days, figures only.
    await waitFor(() => expect(calls.find((c) => c.query.summary_only)?.query).toMatchObject({ start_date: '2026-03-01', end_date: '2026-03-07' }));
    const change = await screen.findByTestId('week-over-week');
    expect(within(change).getByText('Net sales').closest('tr')).toHaveTextContent('25');
  });

  it('exports every transaction of the report for the filters, not only the page shown', async () => {
    const calls: Body[] = [];
    renderApp('/reporting/sales?start=2026-03-08&end=2026-03-14&facility=1', { dataProvider: dataProvider(), routes: salesApi(calls) });
    const button = await screen.findByRole('button', { name: 'Export' }, SLOW);
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [sheet] = downloads;
    expect(sheet.prefix).toBe('sales');
    expect(sheet.sheetName).toBe('Transactions');
    expect(sheet.header).toEqual(['Date', 'Amount', 'Type', 'Product', 'Invoice', 'Customer', 'Location']);
    expect(sheet.rows).toHaveLength(TOTAL);
    expect(sheet.rows[0].slice(1)).toEqual([10, 'Cash', 'Adult rental', 500, 'Ana Ruiz', 'Downtown']);
    expect(sheet.rows[TOTAL - 1][4]).toBe(500 + TOTAL - 1);
    // The rows came page after page, without the figures.
    const exportCalls = calls.filter((c) => c.query.rows_only);
    expect(exportCalls.map((c) => c.query.range)).toEqual([[0, TOTAL - 1]]);
    expect(exportCalls[0].query).toMatchObject({ start_date: '2026-03-08', end_date: '2026-03-14', facility_ids: [1] });
  });
});

/** The invoice report's figures: three breakdowns of six columns, totals, and a page of invoices. */
const invoiceFigures = (count: number) => {
  const line = { count, invoiced: 1200.5, discounted: 10, paid: 1000, balance: 190.5 };
  return {
    totals: line,
    by_status: [{ status: 'paid', ...line }],
    by_product: [{ product: 'Adult rental', ...line }],
    by_location: [{ location: 'Downtown', ...line }],
    invoices: { total: 0, rows: [] },
  };
};

describe('the report pages at a desk (issue 22 item 12)', () => {
  it('stacks the invoice report\'s breakdowns, titled, with headers that wrap instead of ending in "…"', async () => {
    renderApp('/reporting/invoices?start=2026-03-08&end=2026-03-14&facility=1', { dataProvider: dataProvider(), routes: { 'POST /api/report/invoices': () => json(200, invoiceFigures(4)) } });
    const breakdowns = await screen.findByTestId('breakdowns', {}, SLOW);
    for (const title of ['By status', 'By product', 'By location']) expect(within(breakdowns).getByRole('heading', { name: title })).toBeInTheDocument();
    // (That they sit one under another at 1440 px, whole and inside the page, is seen in Chromium: e2e/reports.spec.ts.)
    const headers = within(breakdowns).getAllByRole('columnheader', { name: 'Paid' });
    expect(headers).toHaveLength(3);
    const title = headers[0].querySelector('.MuiDataGrid-columnHeaderTitle')!;
    expect(title).toHaveTextContent('Paid');
    expect(getComputedStyle(title).whiteSpace).toBe('normal');
  });

  it('charts counts and dollars apart, never on one axis', async () => {
    renderApp('/reporting/invoices?start=2026-03-08&end=2026-03-14&facility=1', { dataProvider: dataProvider(), routes: { 'POST /api/report/invoices': ({ body }) => json(200, invoiceFigures((body as Body).query.summary_only ? 3 : 4)) } });
    const week = await screen.findByTestId('week-over-week', {}, SLOW);
    const money = within(week).getByTestId('week-chart-money');
    const counts = within(week).getByTestId('week-chart-counts');
    // Each chart's value axis: dollars ticked in $, counts in plain numbers.
    await waitFor(() => expect(counts).toHaveTextContent('Count'));
    expect(counts).not.toHaveTextContent(/\$|Dollars/);
    expect(money).toHaveTextContent('Dollars');
    expect(money).toHaveTextContent('$1,000.00');
    expect(money).not.toHaveTextContent('Count');
  });

  it('clears the results of the last range when the next one is backwards or missing, and says why beside the dates', async () => {
    const calls: Body[] = [];
    renderApp('/reporting/sales?start=2026-03-08&end=2026-03-14&facility=1', { dataProvider: dataProvider(), routes: salesApi(calls) });
    const sales = await screen.findByTestId('sales-summary', {}, SLOW);
    await waitFor(() => expect(within(sales).getByText('Net sales').closest('tr')).toHaveTextContent('250.00'));
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-01' } });
    await userEvent.click(bar().getByRole('button', { name: 'Run' }));
    expect(await bar().findByRole('alert')).toHaveTextContent('The end date must be after the start date');
    expect(screen.queryByTestId('sales-summary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('transactions')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.query.end_date === '2026-03-01')).toEqual([]);
    // A missing date: the same, and a good range brings the results back.
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '' } });
    await userEvent.click(bar().getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(bar().getByRole('alert')).toHaveTextContent('Missing end date'));
    expect(screen.queryByTestId('sales-summary')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-14' } });
    await userEvent.click(bar().getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('sales-summary')).toBeInTheDocument();
    expect(bar().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says on /invoice why a backwards range finds nothing', async () => {
    const day = 86400;
    const routes = {
      'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
      'GET /api/product/types': () => json(200, [], { 'Content-Range': 'product_types */0' }),
      'GET /api/invoice': () => json(200, [], { 'Content-Range': 'invoice */0' }),
    };
    const filter = encodeURIComponent(JSON.stringify({ start_date: 1_772_000_000, end_date: 1_772_000_000 - 3 * day }));
    renderApp(`/invoice?filter=${filter}`, { role: 'admin', dataProvider: appDataProvider(), routes });
    expect(await screen.findByTestId('range-problem', {}, SLOW)).toHaveTextContent('The end date is before the start date, so no invoice can match: move one of them');
    cleanup();
    renderApp(`/invoice?filter=${encodeURIComponent(JSON.stringify({ start_date: 1_772_000_000, end_date: 1_772_000_000 + 3 * day }))}`, { role: 'admin', dataProvider: appDataProvider(), routes });
    await screen.findByLabelText('End date', {}, SLOW);
    expect(screen.queryByTestId('range-problem')).not.toBeInTheDocument();
  });
});

describe('allReportRows', () => {
  it('fetches a thousand rows a call until the total, and stops at the export limit', async () => {
    const asked: Array<[number, number]> = [];
    const methods = {
      reportLeagues: async () => [],
      runReport: async (_name: string, query: { range?: [number, number]; rows_only?: boolean }) => {
        expect(query.rows_only).toBe(true);
        const [first, last] = query.range!;
        asked.push([first, last]);
        return { invoices: { rows: Array.from({ length: last - first + 1 }, (_, i) => ({ ID: first + i })) } };
      },
    };
    const pick = (r: unknown) => (r as { invoices: { rows: Array<{ ID: number }> } }).invoices.rows;
    const rows = await allReportRows(methods, 'invoices', { start_date: '2026-03-01' }, 2500, pick);
    expect(rows.map((r) => r.ID)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(asked).toEqual([[0, 999], [1000, 1999], [2000, 2499]]);
    asked.length = 0;
    const capped = await allReportRows(methods, 'invoices', {}, EXPORT_MAX_ROWS + 5000, pick);
    expect(capped).toHaveLength(EXPORT_MAX_ROWS);
    expect(asked.at(-1)).toEqual([EXPORT_MAX_ROWS - 1000, EXPORT_MAX_ROWS - 1]);
  });
});
