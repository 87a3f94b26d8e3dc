import fs from 'node:fs';
import path from 'node:path';

// Reads the .eml files the server writes to DATA_DIR/outbox when no SMTP_URL is set: just enough MIME
// (headers, multipart, quoted-printable and base64 bodies) to find a mail and the link inside it.

export interface Mail {
  file: string;
  headers: Record<string, string>;
  /** The decoded text of every leaf part (text/plain and text/html). */
  bodies: string[];
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable': return decodeQuotedPrintable(body);
    case 'base64': return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default: return body;
  }
}

function leafBodies(raw: string): string[] {
  const { headers, body } = splitHeaders(raw);
  const boundary = headers['content-type']?.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) return [decodeBody(body, headers['content-transfer-encoding'])];
  const parts = body.split(`--${boundary}`).slice(1);
  // The part after the closing delimiter (`--boundary--`) is the epilogue.
  return parts.filter((p) => !p.startsWith('--')).flatMap((p) => leafBodies(p.replace(/^\r?\n/, '')));
}

export function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, 'utf8');
  return { file, headers: splitHeaders(raw).headers, bodies: leafBodies(raw) };
}

/** The newest mail to `address` (and matching `accept`) in the outbox, waiting for it to be written. */
export async function waitForMail(dataDir: string, address: string, accept: (mail: Mail) => boolean = () => true, timeoutMs = 10_000): Promise<Mail> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => path.join(outbox, f))
      : [];
    const mine = files
      .map((file) => ({ file, mtime: fs.statSync(file).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)
      .map(({ file }) => readMail(file))
      .find((mail) => (mail.headers.to ?? '').toLowerCase().includes(address.toLowerCase()) && accept(mail));
    if (mine) return mine;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in ${outbox} after ${timeoutMs} ms (files: ${files.length})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const LINK = /https?:\/\/[^\s"'<>]+\/signup\?token=[\w-]+(?:&(?:amp;)?reset=1)?/;

/** The signup or password-reset link in a mail (`${PUBLIC_URL}/signup?token=<payload>[&reset=1]`), if any. */
export function findSignupLink(mail: Mail): string | null {
  for (const body of mail.bodies) {
    const link = body.match(LINK)?.[0];
    if (link) return link.replace('&amp;', '&');
  }
  return null;
}

export function signupLinkIn(mail: Mail): string {
  const link = findSignupLink(mail);
  if (!link) throw new Error(`no signup link in ${mail.file}:\n${mail.bodies.join('\n---\n')}`);
  return link;
}

export const isResetMail = (mail: Mail) => findSignupLink(mail)?.endsWith('&reset=1') ?? false;
