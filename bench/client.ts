import http from 'node:http';
import zlib from 'node:zlib';
import type { Answer } from './scenarios/types';

// The load generator's HTTP client. It shares the machine's two cores with the server and PostgreSQL,
// so what it spends per request is taken from what it measures: Node's fetch (undici, web streams)
// spent about as much CPU per request as the server did, and doubled the figures of light calls (the
// week's kept answer: p50 6.8 ms through fetch, 3.9 ms through this, the same server). This one is
// node:http on a keep-alive agent: it asks for compressed answers as a browser does, reads the whole
// body and decodes it. It hands it over as the part of a fetch Response that scenarios read (Answer):
// building a real Response (web streams) cost the client about a third of its CPU per request.

const agent = new http.Agent({ keepAlive: true });
const DECODERS: Record<string, (body: Buffer) => Buffer> = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync };

/** An answer read whole: its status, headers and decoded body. */
class DecodedAnswer implements Answer {
  constructor(readonly status: number, readonly statusText: string, readonly headers: Headers, private readonly body: Buffer) {}

  get ok() {
    return this.status >= 200 && this.status < 300;
  }

  async text() {
    return this.body.toString('utf8');
  }

  async json() {
    return JSON.parse(this.body.toString('utf8'));
  }
}

export function call(url: string, init: RequestInit = {}): Promise<Answer> {
  return send(url, init, true);
}

function send(url: string, init: RequestInit, retry: boolean): Promise<Answer> {
  if (init.body != null && typeof init.body !== 'string') return Promise.reject(new Error('bench/client.ts sends string bodies only'));
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  new Headers(init.headers).forEach((value, name) => { headers[name] = value; });
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const encoding = res.headers['content-encoding'];
          const raw = Buffer.concat(chunks);
          const body = encoding && DECODERS[encoding] ? DECODERS[encoding](raw) : raw;
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && name !== 'content-encoding' && name !== 'content-length') answer.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = res.statusCode ?? 0;
          resolve(new DecodedAnswer(status, res.statusMessage ?? '', answer, body));
        } catch (error) {
          reject(error);
        }
      });
    });
    // A kept-alive socket the server closed as the request left on it: sent again once on a new one, as
    // a browser does (the pattern of Node's documentation of `request.reusedSocket`).
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (retry && request.reusedSocket && error.code === 'ECONNRESET') send(url, init, false).then(resolve, reject);
      else reject(error);
    });
    request.end(init.body ?? undefined);
  });
}
