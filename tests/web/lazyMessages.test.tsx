import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createI18nProvider, loadLocale, type Locale } from '../../src/kit/i18n/i18nProvider';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json } from './support/fetch';

// An area's messages are not in the entry bundle: they come with the code of the screens that use
// them (src/kit/i18n/areas.ts) and are in the catalogue before such a screen first renders, in either
// language. The discounts page is the area here; nothing in this file imports it before it is shown.

const routes = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/discount': () => json(200, [{ ID: 1, name: 'Spring sale', is_percentage: true, value: 15, expired: false }], { 'Content-Range': 'discounts 0-0/1' }),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders /discount in `locale`, and answers every text the page showed on its way to its list. */
async function showDiscounts(locale: Locale): Promise<string[]> {
  const shown: string[] = [];
  const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  renderApp('/discount', { role: 'admin', dataProvider: appDataProvider(), routes, locale });
  await screen.findByText('Spring sale', {}, { timeout: 15_000 });
  observer.disconnect();
  return shown;
}

describe("an area's messages", () => {
  it('are not in the catalogue before the code that uses them has loaded', () => {
    expect(createI18nProvider('en').translate('discounts_page.show_expired')).toBe('discounts_page.show_expired');
  });

  it('are there when their screen first renders, in Spanish', async () => {
    await loadLocale('es');
    const shown = await showDiscounts('es');
    expect(screen.getByRole('switch', { name: '¿Mostrar vencidos?' })).toBeInTheDocument();
    expect(shown.filter((text) => text.includes('discounts_page.'))).toEqual([]);
  });

  it('are there when their screen first renders, in English', async () => {
    const shown = await showDiscounts('en');
    expect(screen.getByRole('switch', { name: 'Show expired?' })).toBeInTheDocument();
    expect(shown.filter((text) => text.includes('discounts_page.'))).toEqual([]);
  });
});
