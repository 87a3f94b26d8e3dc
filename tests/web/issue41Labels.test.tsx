import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { loadLocale } from '../../src/kit/i18n/i18nProvider';
import { setDayFirst } from '../../core/dateOrder';
import { showBirthdate } from '../../core/validation/display';
import { shownEmail } from '../../src/kit/components/ContactText';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchHandler } from './support/fetch';

// Issue 41 m2 and m31–m32 as a user meets them: a youth team's captain (a child) shows the parent's
// address, never the '##ID' bookkeeping; under Spanish the teams list says the age group in Spanish and
// birth dates read day first.

const teamRow = (ID: number, name: string) => ({
  ID, id: ID, name, color: '#f44336', facility_id: 1, age_group_id: 2, facility: { ID: 1, name: 'Downtown' }, age_group: { ID: 2, name: 'Youth' },
  captain: { ID: 936, first_name: 'Zoe', last_name: 'Kim', email: 'zoe.kim935@example.com##936' }, current_league: null, players_count: 5,
});
const routes: Record<string, FetchHandler> = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/team': () => json(200, [teamRow(9, 'Junior Lions')], { 'Content-Range': 'team 0-0/1' }),
};

beforeAll(async () => { await Promise.all([import('../../resources/team/TeamList'), loadLocale('es')]); }, 60_000);
afterEach(() => { cleanup(); setDayFirst(false); });

describe('issue 41: what reaches the screen', () => {
  it("shows a child captain's e-mail as the parent's address, without the '##ID'", async () => {
    renderApp('/teams', { role: 'manager', dataProvider: appDataProvider(), routes });
    const row = (await screen.findByText('Junior Lions', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('zoe.kim935@example.com')).toBeInTheDocument();
    expect(row.textContent).not.toContain('##');
    expect(shownEmail('zoe.kim935@example.com##936')).toBe('zoe.kim935@example.com');
  }, 60_000);

  it('says the age group in Spanish on the teams list', async () => {
    renderApp('/teams', { role: 'manager', dataProvider: appDataProvider(), routes, locale: 'es' });
    const row = (await screen.findByText('Junior Lions', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('Juvenil')).toBeInTheDocument();
    expect(within(row).queryByText('Youth')).not.toBeInTheDocument();
    expect(within(row).getByText('hijo/a de')).toBeInTheDocument();
  }, 60_000);

  it('writes a birth date day first for a Spanish reader', () => {
    const birth = Date.UTC(2008, 1, 7) / 1000;
    expect(showBirthdate(birth)).toBe('2/7/2008');
    setDayFirst(true);
    expect(showBirthdate(birth)).toBe('07/02/2008');
  });
});
