import type { Role } from '../../core/constants';

// What a benchmark scenario sees and provides. Scenarios only name a path: every request goes to the
// server this process started on the loopback interface.

/** What a scenario reads of an answer: a fetch Response has it all, and so does bench/client.ts's lighter one. */
export type Answer = Pick<Response, 'ok' | 'status' | 'statusText' | 'headers' | 'text' | 'json'>;

export interface BenchContext {
  /** The server under test, http://127.0.0.1:<port>. */
  baseUrl: string;
  /** The benchmark's PostgreSQL database (null on PGlite), for scenarios that time their SQL directly. */
  databaseUrl: string | null;
  /** The server's DATA_DIR: its outbox holds the mails it sent (the portal's sign-in links). */
  dataDir: string;
  /** A request to the server under test, as fetch takes it. */
  call(path: string, init?: RequestInit): Promise<Answer>;
  /** A demo staff member's credentials as POST /user/login takes them. */
  credentials(role: Role): { email: string; password: string; user_type: string };
  /** Signs a demo staff member in and returns the bearer token. */
  token(role: Role): Promise<string>;
}

export interface Scenario<State = unknown> {
  name: string;
  description: string;
  /** Prepares what every request needs (a token, an id), once, outside the measurement. */
  setup?(ctx: BenchContext): Promise<State>;
  /** One measured request; a non-2xx answer counts as an error. */
  request(ctx: BenchContext, state: State): Promise<Answer>;
  /** The 95th percentile latency this scenario must stay under, in milliseconds. */
  budgetP95Ms?: number;
  /** Caps below the command-line settings, for deliberately slow, CPU-bound calls. */
  maxRequests?: number;
  maxConcurrency?: number;
}

/** Keeps each scenario's State type checked while the registry holds them side by side. */
export function defineScenario<State>(scenario: Scenario<State>): Scenario<State> {
  return scenario;
}

export const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });
