// Spreadsheet exports (spec 1 §9): an .xlsx file named with a prefix and a timestamp, holding one
// named sheet. The xlsx library is only ever used to WRITE files (its advisories concern parsing), and
// it is loaded on demand so that it stays out of the main bundle.

export interface Sheet {
  /** File name prefix: `<prefix>_<YYYYMMDD-HHmmss>.xlsx`. */
  prefix: string;
  /** Name of the sheet inside the workbook (at most 31 characters, as Excel allows). */
  sheetName: string;
  header: string[];
  rows: Array<Array<string | number | null | undefined>>;
}

export function exportFileName(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${prefix}_${stamp}.xlsx`;
}

/** The workbook as bytes. */
export async function buildWorkbook(sheet: Sheet): Promise<Uint8Array> {
  const XLSX = await import('xlsx');
  const workbook = XLSX.utils.book_new();
  const worksheet = XLSX.utils.aoa_to_sheet([sheet.header, ...sheet.rows.map((row) => row.map((cell) => cell ?? ''))]);
  XLSX.utils.book_append_sheet(workbook, worksheet, sheet.sheetName.slice(0, 31));
  return XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as Uint8Array;
}

/** Builds the workbook and has the browser download it; answers the file name. */
export async function downloadSpreadsheet(sheet: Sheet, now = new Date()): Promise<string> {
  const name = exportFileName(sheet.prefix, now);
  const bytes = await buildWorkbook(sheet);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
  return name;
}
