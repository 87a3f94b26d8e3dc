import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsFingerprint } from '../../scripts/buildInputs';
import { chromiumStep } from '../../scripts/ensureChromium';

// `npm start` builds only when the app's inputs changed (scripts/buildIfChanged.ts), and `npm test`
// installs Chromium where it can (scripts/ensureChromium.ts) — issue 22 items 18 and 19.

describe('the build inputs fingerprint', () => {
  let root = '';
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function checkout() {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-inputs-'));
    fs.mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
    fs.mkdirSync(path.join(root, 'server'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'pages', 'a.tsx'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>\n');
    fs.writeFileSync(path.join(root, 'server', 'main.ts'), 'serve();\n');
  }

  it('changes with a source file, a new file or a build setting, and not with server code', () => {
    checkout();
    const first = inputsFingerprint(root);
    expect(inputsFingerprint(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'server', 'main.ts'), 'serve(2);\n');
    expect(inputsFingerprint(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'src', 'pages', 'a.tsx'), 'export const a = 2;\n');
    const edited = inputsFingerprint(root);
    expect(edited).not.toBe(first);
    fs.writeFileSync(path.join(root, 'src', 'pages', 'b.tsx'), '');
    expect(inputsFingerprint(root)).not.toBe(edited);
    const files = inputsFingerprint(root);
    process.env.VITE_FULLCALENDAR_LICENSE_KEY = 'a-commercial-key';
    try {
      expect(inputsFingerprint(root)).not.toBe(files);
    } finally {
      delete process.env.VITE_FULLCALENDAR_LICENSE_KEY;
    }
  });
});

describe('Chromium before the end-to-end tests', () => {
  it('goes on when present, installs as root with apt-get, otherwise asks', () => {
    expect(chromiumStep({ chromium: true, root: false, aptGet: false })).toBe('present');
    expect(chromiumStep({ chromium: false, root: true, aptGet: true })).toBe('install');
    expect(chromiumStep({ chromium: false, root: false, aptGet: true })).toBe('ask');
    expect(chromiumStep({ chromium: false, root: true, aptGet: false })).toBe('ask');
  });
});
