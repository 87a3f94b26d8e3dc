import type { EndpointDefinition } from '../core/api/endpoint';
import type { Config } from './config';
import type { ConnectionStats, Db } from './db/client';
import type { SessionUser } from './auth/session';
import type { HubspotClient } from './services/hubspot/client';
import type { JobWorker } from './services/jobs';
import type { Mailer } from './services/mail/mailer';
import type { Square } from './services/square';
import type { Storage } from './services/storage';

/** What buildApp needs from the outside: configuration, the database and the adapters. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** How the database's connections are used now (GET /metrics); absent, /metrics leaves them out. */
  connections?: () => ConnectionStats;
  mailer: Mailer;
  hubspot: HubspotClient;
  square: Square;
  /** Kept files: DATA_DIR/files or the S3 bucket. */
  storage: Storage;
}

/** A route as registered: its method and Fastify path, and the declaration it serves (if any). */
export interface RouteRecord {
  method: string;
  url: string;
  endpoint: EndpointDefinition | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** This process's durable jobs worker: register handlers by kind, wake() after enqueueing. */
    jobs: JobWorker;
    routeTable: readonly RouteRecord[];
  }
  interface FastifyRequest {
    /** The signed-in staff member, set from the bearer token; null when anonymous. */
    user: SessionUser | null;
  }
}
