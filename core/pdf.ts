// A minimal PDF 1.4 writer for text documents (a signed waiver's copy, issue 43 §6): US Letter pages in
// the standard Helvetica fonts (no font embedded), each paragraph wrapped to the text width by the
// fonts' metrics, as many pages as it takes. The file is ASCII only: characters outside it are written
// as WinAnsiEncoding octal escapes (those WinAnsi lacks as '?'), so it travels as text anywhere.

export interface PdfDocument {
  /** The heading, in Helvetica-Bold on the first page. */
  title: string;
  /** Paragraphs ('' for a blank line); each is wrapped. */
  paragraphs: string[];
}

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const SIZE = { title: 14, body: 10 } as const;
const LEADING = 14;
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

// The advance widths (1/1000 em) of WinAnsi codes 32–126 in Helvetica and Helvetica-Bold (Adobe's AFM).
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Beyond ASCII: an average glyph, enough to wrap accented names and dashes safely. */
const WIDE = 600;

/** WinAnsiEncoding's codes 128–159 that Unicode places elsewhere. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** A character's WinAnsi code, '?' (63) when it has none. */
function winAnsi(char: string): number {
  const code = char.codePointAt(0)!;
  if ((code >= 32 && code <= 126) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI[char] ?? 63;
}

const widthOf = (text: string, metrics: number[], size: number) =>
  [...text].reduce((sum, char) => {
    const code = winAnsi(char);
    return sum + (code <= 126 ? metrics[code - 32] : WIDE);
  }, 0) * size / 1000;

/** A PDF string literal: parentheses and backslashes escaped, everything outside ASCII as an octal escape. */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = winAnsi(char === '\t' ? ' ' : char);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

/** A paragraph broken into lines no wider than `width` points: at spaces, a word too long alone at characters. */
export function wrapText(paragraph: string, width: number, metrics = HELVETICA, size: number = SIZE.body): string[] {
  const words = paragraph.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (widthOf(word, metrics, size) > width) {
      let cut = 1;
      while (widthOf(word.slice(0, cut + 1), metrics, size) <= width) cut++;
      if (line) { lines.push(line); line = ''; }
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    const joined = line ? `${line} ${word}` : word;
    if (widthOf(joined, metrics, size) <= width) line = joined;
    else { lines.push(line); line = word; }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

type Line = { text: string; bold: boolean; size: number };

/** The document as a PDF file (ASCII text). */
export function textPdf(doc: PdfDocument): string {
  const lines: Line[] = [
    ...wrapText(doc.title, TEXT_WIDTH, HELVETICA_BOLD, SIZE.title).map((text) => ({ text, bold: true, size: SIZE.title })),
    { text: '', bold: false, size: SIZE.body },
    ...doc.paragraphs.flatMap((p) => wrapText(p, TEXT_WIDTH).map((text) => ({ text, bold: false, size: SIZE.body }))),
  ];
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin) / LEADING);
  const pages: Line[][] = [];
  for (let i = 0; i < lines.length; i += perPage) pages.push(lines.slice(i, i + perPage));

  // Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, then each page and its content stream.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((page, i) => {
    const ops = ['BT', `${PAGE.margin} ${PAGE.height - PAGE.margin - SIZE.title} Td`, `${LEADING} TL`];
    let font = '';
    for (const line of page) {
      const wanted = `/${line.bold ? 'F2' : 'F1'} ${line.size} Tf`;
      if (wanted !== font) { ops.push(wanted); font = wanted; }
      ops.push(`${pdfString(line.text)} Tj T*`);
    }
    ops.push('ET');
    const stream = `${ops.join('\n')}\n`;
    objects[pageIds[i]] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}endstream`;
  });

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}
