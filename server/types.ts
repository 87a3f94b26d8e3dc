import type { Config } from './config';
import type { Db } from './db/client';
import type { SessionUser } from './auth/session';
import type { HubspotClient } from './services/hubspot/client';
import type { Mailer } from './services/mail/mailer';
import type { Square } from './services/square';

/** What buildApp needs from the outside: configuration, the database and the adapters. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  hubspot: HubspotClient;
  square: Square;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** The signed-in staff member, set from the bearer token; null when anonymous. */
    user: SessionUser | null;
  }
}
