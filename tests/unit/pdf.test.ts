import { describe, expect, it } from 'vitest';
import { pdfString, textPdf, wrapText } from '../../core/pdf';

// The minimal PDF writer of a signed waiver's copy (core/pdf.ts): a well-formed PDF 1.4 (each xref
// offset at its object, the stream lengths right), strings escaped, text wrapped, pages added.

/** Checks the file's structure as a reader walks it: startxref → xref → every object at its offset. */
function assertWellFormed(pdf: string) {
  expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
  expect(pdf.endsWith('%%EOF\n')).toBe(true);
  expect(/^[\x09\x0a\x0d\x20-\x7e]*$/.test(pdf)).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
  expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, count] = /^xref\n0 (\d+)\n/.exec(pdf.slice(startxref))!.map(Number);
  const entries = pdf.slice(startxref).split('\n').slice(2, 2 + count);
  expect(entries[0]).toBe('0000000000 65535 f ');
  for (let id = 1; id < count; id++) {
    expect(entries[id]).toMatch(/^\d{10} 00000 n $/);
    expect(pdf.slice(Number(entries[id].slice(0, 10))).startsWith(`${id} 0 obj\n`)).toBe(true);
  }
  for (const match of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index! + match[0].length;
    expect(pdf.slice(start + Number(match[1]), start + Number(match[1]) + 9)).toBe('endstream');
  }
  expect(pdf).toContain(`trailer\n<< /Size ${count} /Root 1 0 R >>`);
}

describe('textPdf', () => {
  it('writes a well-formed one-page PDF in Helvetica with the title and the text', () => {
    const pdf = textPdf({ title: 'Waiver of Touchline Brooklyn', paragraphs: ['Signed by: Pat Parent', '', 'I accept the risks.'] });
    assertWellFormed(pdf);
    expect(pdf).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/Count 1');
    expect(pdf).toContain('(Waiver of Touchline Brooklyn) Tj');
    expect(pdf).toContain('(Signed by: Pat Parent) Tj');
    expect(pdf).toContain('(I accept the risks.) Tj');
  });

  it('adds pages as the text needs them', () => {
    const pdf = textPdf({ title: 'Long', paragraphs: Array.from({ length: 120 }, (_, i) => `Line ${i + 1}`) });
    assertWellFormed(pdf);
    expect(pdf).toContain('/Count 3');
    expect(pdf).toContain('(Line 120) Tj');
  });
});

describe('pdfString', () => {
  it('escapes parentheses and backslashes, and writes what is beyond ASCII in WinAnsi octal', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
    expect(pdfString('José — “ok” €')).toBe('(Jos\\351 \\227 \\223ok\\224 \\200)');
    expect(pdfString('漢')).toBe('(?)');
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width, and a word too long alone at characters', () => {
    const lines = wrapText('the quick brown fox jumps over the lazy dog '.repeat(8), 200);
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.join(' ')).toBe('the quick brown fox jumps over the lazy dog '.repeat(8).trim());
    // Helvetica 10 pt: 'the quick brown fox jumps over the lazy dog' is about 200 points wide.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(48);
    const long = wrapText('x'.repeat(300), 100);
    expect(long.every((l) => l.length <= 20)).toBe(true);
    expect(long.join('')).toBe('x'.repeat(300));
    expect(wrapText('', 100)).toEqual(['']);
  });
});
