// Text on a colour (WCAG 2.1, success criterion 1.4.3): the product-type, league and conflict colours are
// backgrounds, and the text drawn on them is black or white, whichever contrasts more.

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** The WCAG 2.1 relative luminance of a #rgb or #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Black or white, whichever reads better on `background`; a colour that cannot be read falls back to black. */
export function textOn(background: string): typeof BLACK | typeof WHITE {
  if (!isHexColor(background)) return BLACK;
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}

export function isHexColor(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

function rgb(hex: string): [number, number, number] {
  if (!isHexColor(hex)) throw new Error(`not a #rgb or #rrggbb colour: ${hex}`);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}
