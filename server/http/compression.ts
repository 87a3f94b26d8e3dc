import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// How API answers are compressed. @fastify/compress (app.ts) compresses through a chain of streams (a
// readable of the payload, a peek stream, zlib in the thread pool, a chunked reply): for a list of 20 kB
// that machinery costs more CPU than the compression itself. So JSON answers up to AT_ONCE_LIMIT are
// compressed here in one synchronous call and go out with their Content-Length (compressJsonAnswers);
// @fastify/compress sees them compressed and lets them through, and still streams the larger ones (which
// would hold the event loop for milliseconds). An answer sent many times as it is (SharedAnswer) is
// compressed once per encoding.

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Up to this size (about 2 ms of gzip) an answer is compressed in the request's own turn. */
const AT_ONCE_LIMIT = 256 * 1024;
export const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Quality 11 (brotli's default) costs tens of milliseconds on a large list; 4 is nearly as small. */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** gzip's default level (6) costs four times level 4 on a list of customers for 5% fewer bytes. */
export const GZIP_OPTIONS = { level: 4 };

const compress: Record<Encoding, (data: string | Buffer) => Buffer> = {
  br: (data) => zlib.brotliCompressSync(data, {
    params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data) },
  }),
  gzip: (data) => zlib.gzipSync(data, GZIP_OPTIONS),
};

/** The encoding to answer a request in, as @fastify/compress negotiates it (x-gzip and * count as gzip). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  return negotiate(header.toLowerCase().replace(/\bx-gzip\b|\*/g, 'gzip'), [...ENCODINGS]);
}

/** Adds Accept-Encoding to the reply's Vary header. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('Vary');
  if (!vary) reply.header('Vary', 'accept-encoding');
  else if (typeof vary === 'string' && !/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header('Vary', `${vary}, accept-encoding`);
}

/** Compresses JSON answers of COMPRESS_THRESHOLD to AT_ONCE_LIMIT bytes at once, in the encoding asked for. */
export function compressJsonAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    const type = reply.getHeader('Content-Type');
    if (size < COMPRESS_THRESHOLD || size > AT_ONCE_LIMIT || typeof type !== 'string' || !type.startsWith('application/json')
      || reply.hasHeader('Content-Encoding') || request.headers['x-no-compression'] !== undefined) {
      return done(null, payload);
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    varyOnEncoding(reply);
    reply.header('Content-Encoding', encoding);
    done(null, compress[encoding](payload));
  });
}

/** A JSON answer kept to be sent again: each encoding is made on first demand and kept with it. */
export class SharedAnswer {
  private readonly encoded = new Map<Encoding, Buffer>();
  private readonly textBytes: number;
  private size: number;

  constructor(readonly json: string) {
    this.size = this.textBytes = Buffer.byteLength(json);
  }

  /** What it holds, in bytes: the text and the encodings made so far. */
  get bytes(): number {
    return this.size;
  }

  send(request: FastifyRequest, reply: FastifyReply) {
    reply.type('application/json; charset=utf-8');
    varyOnEncoding(reply);
    const encoding = this.textBytes >= COMPRESS_THRESHOLD ? acceptedEncoding(request.headers['accept-encoding']) : null;
    if (encoding === null) return reply.send(this.json);
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      this.encoded.set(encoding, (body = compress[encoding](this.json)));
      this.size += body.length;
    }
    // Set, the encoding keeps the hooks above from compressing the answer again.
    return reply.header('content-encoding', encoding).send(body);
  }
}
