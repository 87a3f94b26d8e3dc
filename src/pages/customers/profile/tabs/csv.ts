// Spreadsheet exports (spec 1 §9): named with a prefix and a timestamp. No spreadsheet library is
// installed, so exports are CSV (which spreadsheet programs open); quoting per RFC 4180.

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
}

/** Downloads `csv` as `<prefix>_<YYYYMMDD-HHmmss>.csv`. */
export function downloadCsv(prefix: string, csv: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const name = `${prefix}_${stamp}.csv`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
  return name;
}
