import path from 'node:path';
import { z } from 'zod';

// Environment → typed configuration, validated once at start. A bad value stops the server with a
// message naming the variable, rather than failing later in a request.

const DEMO_SCOREBOARD_SECRET = 'touchline-demo-scoreboards';
const DEMO_LINK_SECRET = 'touchline-demo-mail-links';
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Kept files (photos, backgrounds, PDFs, media) go to this S3 bucket instead of DATA_DIR/files. */
  S3_BUCKET: z.string().min(3).max(63).regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'must be an S3 bucket name').optional(),
  /** A non-AWS S3-compatible store (MinIO, R2 …): its URL; addressed path-style. */
  S3_ENDPOINT: z.string().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Touchline <no-reply@touchline.test>'),
  HUBSPOT_API_URL: z.string().regex(/^https?:\/\//, 'must be an http:// or https:// URL').default('https://api.hubapi.com'),
  /** simulator (the embedded default), or the Square environment to call (README: "Square"). */
  SQUARE_ENV: z.enum(['simulator', 'sandbox', 'production']).default('simulator'),
  /** Network-wide Square credentials, used where a facility has no square integration. */
  SQUARE_ACCESS_TOKEN: z.string().min(1).optional(),
  SQUARE_LOCATION_ID: z.string().min(1).optional(),
  /** The Web Payments SDK's application id (the card form with real Square). */
  SQUARE_APPLICATION_ID: z.string().min(1).optional(),
  /** Overrides Square's host (tests point it at a local fake). */
  SQUARE_API_URL: z.string().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional(),
  /** How long a durable job stays claimed by a process; past it (the process died mid-job) another takes it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** On SIGTERM or SIGINT, how long the server waits for its requests and jobs in hand before it exits anyway. */
  SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** GET /metrics answers only with this bearer token; unset, it answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_IDLE_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
  SESSION_MAX_SECONDS: z.coerce.number().int().positive().default(30 * 24 * 3600),
  /** scrypt cost as log2(N); 17 in production, lower only to keep tests quick. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * What an empty database gets: demo (the demo network and its logins), reference (the network's
   * facilities, fields and catalog, no login) or none. Default: demo on the embedded database, reference
   * with DATABASE_URL or in production.
   */
  SEED: z.enum(['demo', 'reference', 'none']).optional(),
  NODE_ENV: z.string().optional(),
  /** Set when behind a reverse proxy, so the client address (rate limits) comes from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** 'warn' keeps the console to problems; 'info' adds a line per request. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** What scoreboards (devices, not staff) present with their port on the socket; set it in production. */
  SCOREBOARD_SECRET: z.string().min(12, 'must be at least 12 characters').default(DEMO_SCOREBOARD_SECRET),
  /** The key that signs links mailed out without sign-in (a broadcast's unsubscribe link); set it in production. */
  LINK_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEMO_LINK_SECRET),
}).superRefine((e, issues) => {
  // Production (NODE_ENV=production) is not the demo: its links and its scoreboards' secret are its own.
  if (e.S3_ENDPOINT && !e.S3_BUCKET) issues.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'needs S3_BUCKET' });
  if (e.NODE_ENV !== 'production') return;
  if (!e.PUBLIC_URL) issues.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be set in production (the base of the links in mails)' });
  if (e.SCOREBOARD_SECRET === DEMO_SCOREBOARD_SECRET) {
    issues.addIssue({ code: 'custom', path: ['SCOREBOARD_SECRET'], message: 'must be set in production: the demo value is public' });
  }
  if (e.LINK_SECRET === DEMO_LINK_SECRET) {
    issues.addIssue({ code: 'custom', path: ['LINK_SECRET'], message: 'must be set in production: the demo value is public' });
  }
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The bucket of kept files (S3_BUCKET, S3_ENDPOINT); absent: DATA_DIR/files. */
  s3?: { bucket: string; endpoint?: string };
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  hubspotApiUrl: string;
  square: {
    env: 'simulator' | 'sandbox' | 'production';
    accessToken?: string;
    locationId?: string;
    applicationId?: string;
    apiUrl?: string;
  };
  jobLeaseSeconds: number;
  shutdownSeconds: number;
  /** The bearer token of GET /metrics; absent, /metrics answers 404. */
  metricsToken?: string;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  scryptLogN: number;
  /** NODE_ENV=production. */
  production: boolean;
  seed: 'demo' | 'reference' | 'none';
  trustProxy: boolean;
  logLevel: string;
  scoreboardSecret: string;
  linkSecret: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    s3: e.S3_BUCKET ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT?.replace(/\/$/, '') } : undefined,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    hubspotApiUrl: e.HUBSPOT_API_URL.replace(/\/$/, ''),
    square: {
      env: e.SQUARE_ENV, accessToken: e.SQUARE_ACCESS_TOKEN, locationId: e.SQUARE_LOCATION_ID,
      applicationId: e.SQUARE_APPLICATION_ID, apiUrl: e.SQUARE_API_URL?.replace(/\/$/, ''),
    },
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    shutdownSeconds: e.SHUTDOWN_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    scryptLogN: e.SCRYPT_LOG_N,
    production: e.NODE_ENV === 'production',
    seed: e.SEED ?? (e.DATABASE_URL || e.NODE_ENV === 'production' ? 'reference' : 'demo'),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    scoreboardSecret: e.SCOREBOARD_SECRET,
    linkSecret: e.LINK_SECRET,
  };
}
