import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFLICT_RED, LIGHT_BLUE } from '../../core/calendar';
import { BLACK, WHITE, contrastRatio, relativeLuminance, textOn } from '../../core/contrast';
import { LEAGUE_DEFAULTS, ROSTER_PALETTE, TEAM_COLORS } from '../../core/validation/leagues';
import { PRODUCT_TYPES } from '../../server/db/seed/catalog';

// Issue 31: the calendar's colours are backgrounds (product types, leagues, conflicts); the text on them is
// black or white by contrast ratio, and that ratio is at least 4.5:1 (WCAG 2.1 AA, normal text).

const SEED = path.resolve(import.meta.dirname, '../../server/db/seed');

/** Every #rrggbb literal of the demo seed (product types, leagues, teams), read from its sources. */
function seedColours(): string[] {
  const files = fs.readdirSync(SEED, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const found = files.flatMap((f) => fs.readFileSync(path.join(SEED, f), 'utf8').match(/#[0-9a-fA-F]{6}\b/g) ?? []);
  return [...new Set(found.map((c) => c.toLowerCase()))];
}

describe('core/contrast', () => {
  it('computes the WCAG luminance and ratio of known pairs', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(WHITE, '#777777')).toBe(contrastRatio('#777777', WHITE));
    expect(contrastRatio('#ed6c02', WHITE)).toBeCloseTo(3.11, 2);
  });

  it('picks white on dark backgrounds and black on light ones', () => {
    expect(textOn('#000')).toBe(WHITE);
    expect(textOn('#ffffff')).toBe(BLACK);
    expect(textOn('#616161')).toBe(WHITE);
    expect(textOn(LIGHT_BLUE)).toBe(BLACK);
    // Not a colour (an unset league colour): black, as the page's own text.
    expect(textOn('red')).toBe(BLACK);
  });

  const spec = {
    'light blue (types 3, 4, 8, 9)': LIGHT_BLUE,
    'conflict red': CONFLICT_RED,
    'league default': LEAGUE_DEFAULTS.color,
    'team default (league add-team)': TEAM_COLORS.signup,
    'team default (team create)': TEAM_COLORS.create,
    ...Object.fromEntries(ROSTER_PALETTE.map((c, i) => [`roster palette ${i + 1}`, c])),
    ...Object.fromEntries(PRODUCT_TYPES.map(([id, name, , , , colour]) => [`product type ${id} ${name}`, colour])),
    ...Object.fromEntries(seedColours().map((c) => [`seed ${c}`, c])),
  };

  it('reads the seed colours it checks', () => {
    expect(PRODUCT_TYPES.length).toBeGreaterThanOrEqual(21);
    expect(seedColours().length).toBeGreaterThanOrEqual(20);
  });

  it.each(Object.entries(spec))('text on %s (%s) has a contrast of at least 4.5:1', (_name, colour) => {
    expect(contrastRatio(colour, textOn(colour))).toBeGreaterThanOrEqual(4.5);
  });
});
