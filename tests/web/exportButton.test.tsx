import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildWorkbook, exportFileName } from '../../src/kit/components/ExportButton';

describe('spreadsheet exports', () => {
  it('are named with a prefix and a timestamp', () => {
    expect(exportFileName('invoices_customer_7', new Date(Date.UTC(2026, 10, 21, 4, 5, 6)))).toBe('invoices_customer_7_20261121-040506.xlsx');
  });

  it('hold the header and rows in one named sheet, a missing value as an empty cell', async () => {
    const bytes = await buildWorkbook({
      prefix: 'x',
      sheetName: 'Invoice history',
      header: ['Invoice', 'Total'],
      rows: [[12, 99.5], [13, null]],
    });
    // Read back only in the test: the app itself never parses spreadsheets.
    const workbook = XLSX.read(bytes, { type: 'array' });
    expect(workbook.SheetNames).toEqual(['Invoice history']);
    expect(XLSX.utils.sheet_to_json(workbook.Sheets['Invoice history'], { header: 1 })).toEqual([['Invoice', 'Total'], [12, 99.5], [13, '']]);
  });
});
