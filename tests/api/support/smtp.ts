import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test's process (the mail adapter's local fake), and a small MIME reader.

export interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

/** A message held by `hold()`: `arrived` once its data is in, answered (and received) only on release(). */
export interface HeldMessage {
  arrived: Promise<void>;
  release(): void;
}

export async function startSmtpServer() {
  const received: Received[] = [];
  let holding: { arrive(): void; answer: Promise<void> } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const held = holding;
      holding = null;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (held) {
          held.arrive();
          await held.answer;
        }
        const from = session.envelope.mailFrom;
        received.push({
          envelopeFrom: from ? from.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    /** Holds the next message: its sender waits, mid-send, until release() (forever without it). */
    hold(): HeldMessage {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => { arrive = resolve; });
      holding = { arrive, answer: new Promise<void>((resolve) => { release = resolve; }) };
      return { arrived, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A small MIME reader: enough of RFC 2045/2046 to check what the adapters produce.
export interface Mime {
  headers: Record<string, string>;
  /** Leaf parts with their decoded text and bytes, and their own headers (the message itself when it is not multipart). */
  parts: Array<{ type: string; text: string; data: Buffer; headers: Record<string, string> }>;
}

export function parseMime(raw: string): Mime {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1, -1).map((piece) => piece.replace(/^\r\n/, '').replace(/\r\n$/, ''));
    return { headers, parts: pieces.flatMap((piece) => parseMime(piece).parts) };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const data = encoding === 'quoted-printable'
    ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
    : encoding === 'base64' ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  return { headers, parts: [{ type: type.split(';')[0], text: data.toString('utf8'), data, headers }] };
}

export const textOf = (mime: Mime, type: string) => mime.parts.find((p) => p.type === type)?.text ?? '';
