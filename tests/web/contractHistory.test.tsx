import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { contractHistory as historyCall } from '../../core/api/contracts';
import type { HistoryRow } from '../../dataProvider';
import { ContractHistoryTab } from '../../resources/contract/ContractHistoryTab';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { fakeDataProvider } from './support/app';

// The contract's History tab (spec 2 §2, issue 12 §3): one row per change with its date in the
// facility's zone, action, events modified, hours added and price variation; the document's actions
// arrive merged into one row (GET /contract/changelog/{id}) and show as one.

afterEach(cleanup);

const NY = 'America/New_York';
// 11/23/2026 19:00 and 19:30 in New York.
const AT_19 = 1_795_478_400;
const ROWS: HistoryRow[] = [
  { ID: 9, created_at: AT_19 + 1800, action: 'document', actions: ['generate_doc', 'send_doc', 'sign_doc'], number_modified_events: 0, quantity_variation: 0, total_price_variation: 0 },
  { ID: 8, created_at: AT_19 + 900, action: 'edit_events', actions: ['edit_events'], number_modified_events: 4, quantity_variation: 0, total_price_variation: -80 },
  { ID: 7, created_at: AT_19, action: 'add_events', actions: ['add_events'], number_modified_events: 12, quantity_variation: 18.5, total_price_variation: 1850.25 },
];

function renderTab(rows: HistoryRow[]) {
  // The tab reads the declared call GET /contract/changelog/{id} through the dataProvider's `call`.
  const contractHistory = vi.fn(async (_endpoint: unknown, _input: unknown) => rows);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={{ ...fakeDataProvider(), call: contractHistory }} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <ContractHistoryTab contractId={31} zone={NY} />
      </AdminContext>
    </MemoryRouter>,
  );
  return contractHistory;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the contract History tab', () => {
  it('shows each change of contract 31 with its action, events, hours and price variation; the document as one row', async () => {
    const contractHistory = renderTab(ROWS);
    const table = screen.getByTestId('contract-history');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Action', 'Modified events', 'Hours added', 'Total price variation']);
    await within(table).findByText('Events added');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['11/23/2026 19:30', 'Document: generated, sent, signed', '0', '0', '$0.00'],
      ['11/23/2026 19:15', 'Events edited', '4', '0', '-$80.00'],
      ['11/23/2026 19:00', 'Events added', '12', '18.5', '$1,850.25'],
    ]);
    expect(contractHistory).toHaveBeenCalledWith(historyCall, { params: { id: 31 } });
  });

  it('shows only the header while the contract has no history', async () => {
    const contractHistory = renderTab([]);
    await vi.waitFor(() => expect(contractHistory).toHaveBeenCalled());
    expect(within(screen.getByTestId('contract-history')).getAllByRole('row')).toHaveLength(1);
  });
});
