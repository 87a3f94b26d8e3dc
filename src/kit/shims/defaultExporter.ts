import { downloadCSV, type Exporter } from 'ra-core';

// ra-core's default list exporter (ra-core/dist/export/defaultExporter.js) with jsonexport loaded when an
// export runs: every list controller imports the exporter, so the original put jsonexport (4.8 kB gzip)
// on the first load of any page on a list, /customer's included (bench/firstLoad.ts budgets it), for a
// button that is seldom pressed. The CSV it downloads is the original's.
// vite.config.ts (packageShim) puts this module in its place in the built app.

export const defaultExporter: Exporter = (data, _, __, resource) =>
  import('jsonexport/dist/index.js').then(({ default: jsonExport }) => {
    jsonExport(data, (_error: Error | null, csv: string) => downloadCSV(csv, resource));
  });
