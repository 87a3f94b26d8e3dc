import type { Page } from '@playwright/test';

// The screens a person goes through (issue 44 item 9: a returning parent registers a child in ≤ 3, a new
// family in ≤ 6): the page's paths in order from now on, one per screen — a full load or the site's own
// history navigation, a repeat of the same path not counted again.

export function screensOf(page: Page): { list(): string[] } {
  const seen: string[] = [];
  const note = () => {
    const path = new URL(page.url()).pathname;
    if (seen.at(-1) !== path) seen.push(path);
  };
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) note(); });
  if (page.url() !== 'about:blank') note();
  return { list: () => [...seen] };
}
