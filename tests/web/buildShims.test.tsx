import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { defaultExporter as raDefaultExporter, type Exporter } from 'ra-core';
import { defaultExporter } from '../../src/kit/shims/defaultExporter';
import { theme } from '../../src/kit/theme';

// The built app puts src/kit/shims modules in the place of some of its packages' own (vite.config.ts,
// packageShim); the tests run the packages as published, so these check the stand-ins against them.

/** The file name and text of the CSV `exporter` downloads. */
async function download(exporter: Exporter, data: object[], resource: string): Promise<{ file: string | null; csv: string }> {
  const blobs: Blob[] = [];
  const files: Array<string | null> = [];
  // jsdom has no object URLs and does not follow the download link: both are caught here.
  const createObjectURL = vi.fn((blob: Blob) => { blobs.push(blob); return 'blob:csv'; });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { files.push(this.getAttribute('download')); });
  // Not awaited: ra-core's own answers a promise that never settles (jsonexport's, given a callback).
  void exporter(data, () => Promise.resolve({}), {} as never, resource);
  await vi.waitFor(() => expect(blobs).toHaveLength(1), { timeout: 5000 });
  return { file: files[0] ?? null, csv: await blobs[0]!.text() };
}

describe("the built app's stand-ins", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("ra-core's default exporter: the same CSV, under the same name, with jsonexport loaded when it runs", async () => {
    const data = [{ id: 1, name: 'Ana "Nani", Jr', address: { city: 'Miami' } }, { id: 2, name: 'Bo', tags: ['a', 'b'] }];
    const shim = await download(defaultExporter, data, 'customer');
    const original = await download(raDefaultExporter, data, 'customer');
    expect(shim).toEqual(original);
    expect(shim.file).toBe('customer.csv');
    expect(shim.csv).toContain('Nani');
  });

  it("MUI's CSS-variables theming is never reached: the theme, and react-admin's fallback, are made without it", () => {
    // MUI's ThemeProvider takes its CSS-variables provider (left out, src/kit/shims/muiCssVars.ts) for a
    // theme with colorSchemes; createTheme builds with variables only when asked to.
    expect('colorSchemes' in createTheme(theme as ThemeOptions)).toBe(false);
    expect('colorSchemes' in createTheme()).toBe(false);
    expect('cssVariables' in theme).toBe(false);
  });
});
