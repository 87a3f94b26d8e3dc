import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AreaMessages } from '../../src/kit/i18n/areas';

// An area's messages (a messages.ts of src or resources) join the catalogue when that module loads,
// which is with the code importing it (src/kit/i18n/areas.ts). So a file that translates an area's keys
// imports that area's messages itself: its words then always arrive with it, in whatever lazily
// loaded chunk it ends up, before it renders — never a screen of raw keys. `resources.*` is shared
// by several areas (react-admin's labels) and left out.

const ROOT = join(__dirname, '..', '..');
const SHARED_KEYS = new Set(['resources']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = ['src', 'resources'].flatMap(sourceFiles).filter((file) => !file.startsWith('src/kit/i18n/'));
const areaFiles = files.filter((file) => file.endsWith('/messages.ts'));

/** The files a file imports, resolved to paths from the root. */
function importsOf(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return new Set(specifiers.map((specifier) => `${normalize(join(dirname(file), specifier)).replace(/\\/g, '/')}.ts`));
}

describe("an area's messages", () => {
  it('are found in every messages.ts, each registering English and Spanish', () => {
    expect(areaFiles.length).toBeGreaterThan(10);
    for (const file of areaFiles) expect(readFileSync(join(ROOT, file), 'utf8'), file).toMatch(/registerMessages\(\{ en, es \}\);/);
  });

  it('are imported by every file that translates their keys', async () => {
    const missing: string[] = [];
    for (const area of areaFiles) {
      const { en } = (await import(join(ROOT, area))) as AreaMessages;
      const keys = Object.keys(en).filter((key) => !SHARED_KEYS.has(key));
      expect(keys.length, area).toBeGreaterThan(0);
      const uses = new RegExp(`['"\`](?:${keys.join('|')})\\.[a-zA-Z_$]`);
      for (const file of files) {
        if (file === area || !uses.test(readFileSync(join(ROOT, file), 'utf8'))) continue;
        if (!importsOf(file).has(area)) missing.push(`${file} translates keys of ${area} without importing it`);
      }
    }
    expect(missing).toEqual([]);
  }, 30_000); // reads every source file: slow on a busy machine, not a speed check
});
