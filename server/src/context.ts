import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config/config';
import type { DialectName } from './db/dialect';
import type { Database } from './db/schema';
import type { Writer } from './db/writer';
import type { AppEvents } from './lib/app-events';
import type { RateLimiter } from './lib/rate-limiter';
import type { Bus } from './realtime/bus';

/** What services need, and nothing of Fastify: passed as the first argument to every service. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Runs a unit of writes atomically; settles after its commit (SQLite: shared commits). */
  writer: Writer;
  config: Config;
  limiter: RateLimiter;
  /** Where services publish events after commit (in-process, or Redis across servers). */
  bus: Bus;
  log: FastifyBaseLogger;
  /** Secret for CSRF tokens, shared by every server process through the database. */
  csrfSecret: string;
  /** What happened, for the features that react to another's changes (lib/app-events.ts). */
  events: AppEvents;
}

export type { MessageSentEvent } from './lib/app-events';

/** The logged-in user as services see it. */
export interface CurrentUser {
  id: number;
  username: string;
  sessionId: number;
}
