import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Scoreboard } from '../../core/scoreboards/protocol';
import { FACILITIES, fakeDataProvider, renderApp } from './support/app';
import { json } from './support/fetch';

// /scoreboards (spec 1 §2, §4): cards from GET /api/scoreboard, kept live by the scoreboard socket,
// which registers when it opens, reconnects 1 s after it closes and shows the error dialog on error.

/** A stand-in for the browser's WebSocket that the test drives. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
  // What the server does:
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  receive(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  fail() {
    act(() => this.onerror?.());
  }
  drop() {
    act(() => this.close());
  }
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1];

const board = (ID: number, facility: number, over: Partial<Scoreboard> = {}): Scoreboard & { id: number } => ({
  id: ID,
  ID,
  port: 9000 + ID,
  field: { ID: 10 + ID, number: ID, name: `Arena ${ID}` },
  facility: { ID: facility, name: FACILITIES.find((f) => f.ID === facility)!.name },
  connected: false,
  game: null,
  background: null,
  last_seen_at: null,
  ...over,
});

let boards: Array<Scoreboard & { id: number }>;

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  boards = [
    board(1, 1, { connected: true, game: { home: 'Red Lions', away: 'Blue Hawks', home_score: 2, away_score: 1, timer: 600, start: 1_700_000_000 } }),
    board(2, 2),
  ];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(role: 'admin' | 'manager' = 'admin', routes = {}) {
  return renderApp('/scoreboards', { role, dataProvider: fakeDataProvider({ scoreboards: boards, facilities: FACILITIES }), routes });
}

const card = (name: RegExp) => screen.findByRole('region', { name });

describe('/scoreboards', () => {
  it('shows each board\'s field, port, facility, connection, score and start time', async () => {
    renderPage();
    const first = await card(/Field 1 - Arena 1/);
    expect(within(first).getByText('Online')).toBeInTheDocument();
    expect(within(first).getByText(/Port 9001 · Downtown/)).toBeInTheDocument();
    expect(within(first).getByText('Red Lions 2 – 1 Blue Hawks')).toBeInTheDocument();
    // 1_700_000_000 is 11/14/2023 22:13 UTC, 17:13 in New York (facility 1).
    expect(within(first).getByText('Started 11/14/2023 17:13')).toBeInTheDocument();
    const second = await card(/Field 2 - Arena 2/);
    expect(within(second).getByText('Offline')).toBeInTheDocument();
    expect(within(second).getByText('No game')).toBeInTheDocument();
  });

  it('registers as admin with the session token when the socket opens, and shows live changes', async () => {
    renderPage();
    await card(/Field 2 - Arena 2/);
    const socket = latest();
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/api\/scoreboard\/socket$/);
    socket.open();
    expect(socket.sent).toEqual([{ action: 'register', role: 'admin', token: localStorage.getItem('token') }]);

    socket.receive({ action: 'scoreboard', scoreboard: board(2, 2, { connected: true, game: { home: 'North', away: 'South', home_score: 0, away_score: 0, timer: 0, start: 1_700_000_000 } }) });
    const second = await card(/Field 2 - Arena 2/);
    expect(within(second).getByText('Online')).toBeInTheDocument();
    expect(within(second).getByText('North 0 – 0 South')).toBeInTheDocument();

    socket.receive({ action: 'scoreboard', scoreboard: board(2, 2, { connected: true, game: { home: 'North', away: 'South', home_score: 3, away_score: 1, timer: 90, start: 1_700_000_000 } }) });
    expect(await within(second).findByText('North 3 – 1 South')).toBeInTheDocument();
  });

  it('reconnects 1 s after the socket closes, not before', async () => {
    renderPage();
    await card(/Field 1 - Arena 1/);
    latest().open();
    latest().drop();
    expect(FakeSocket.instances).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(FakeSocket.instances).toHaveLength(1);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 3000 });
    latest().open();
    expect(latest().sent).toEqual([expect.objectContaining({ action: 'register' })]);
  });

  it('shows the error dialog on an error, closes the socket and reconnects', async () => {
    renderPage();
    await card(/Field 1 - Arena 1/);
    const socket = latest();
    socket.open();
    socket.fail();
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('The live scoreboard connection failed; reconnecting…')).toBeInTheDocument();
    expect(socket.readyState).toBe(3);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 3000 });
  });

  it('resets a board through POST /api/send and shows the cleared game', async () => {
    const { network } = renderPage('admin', {
      'POST /api/send': () => json(200, board(1, 1, { connected: true })),
    });
    const first = await card(/Field 1 - Arena 1/);
    await userEvent.click(within(first).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(within(first).getByText('No game')).toBeInTheDocument());
    expect(network.calls.find((c) => c.path === '/api/send')?.body).toEqual({ id: 1, action: 'reset', origin: 'scoreboard' });
  });

  it('filters by Online/Offline and, for admins, by facility', { timeout: 40_000 }, async () => {
    renderPage();
    await card(/Field 2 - Arena 2/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Online' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Field 2 - Arena 2/ })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: /Field 1 - Arena 1/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Facilities' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Riverside' }));
    // A multiple select stays open (hiding the page from queries by role) until Escape.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: /Field 1 - Arena 1/ })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: /Field 2 - Arena 2/ })).toBeInTheDocument();
  });

  it('gives managers no facility filter', async () => {
    renderPage('manager');
    await card(/Field 1 - Arena 1/);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Facilities' })).not.toBeInTheDocument();
  });

  it('uploads a background and confirms how many boards got it', async () => {
    const { network } = renderPage('admin', { 'POST /api/scoreboard/background': () => json(200, { background: '/api/scoreboard/background/x.png', scoreboards: 2 }) });
    await card(/Field 1 - Arena 1/);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'bg.png', { type: 'image/png' }));
    expect(await screen.findByText('Background sent to 2 scoreboards')).toBeInTheDocument();
    expect(network.calls.some((c) => c.method === 'POST' && c.path === '/api/scoreboard/background')).toBe(true);
  });
});
