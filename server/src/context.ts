import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config/config';
import type { DialectName } from './db/dialect';
import type { Database, Room } from './db/schema';
import type { Writer } from './db/writer';
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
  /**
   * Told of every message stored and published, to let bots answer (given by app.ts, so chat does
   * not import the assistants). Returns at once: the answer runs afterwards and never fails the send.
   */
  assistants?: {
    onMessageSent(event: MessageSentEvent): void;
    /** Settles once every answer under way is stored or given up. */
    drain(): Promise<void>;
  };
  /**
   * Told of every message published or removed, to keep the members' unread counts live (given by
   * app.ts once the hub exists, docs/unread.md). Returns at once; coalesced per room.
   */
  readStates?: {
    /** `authorId`: who wrote it, whose own counts it does not change (null when unknown). */
    roomChanged(roomId: number, authorId: number | null): void;
  };
}

/** A person's message just stored and published. */
export interface MessageSentEvent {
  room: Room;
  author: CurrentUser;
  messageId: number;
  content: string;
  /** The usernames the message mentions (as picked; unknown ones included). */
  mentions: string[];
}

/** The logged-in user as services see it. */
export interface CurrentUser {
  id: number;
  username: string;
  sessionId: number;
}
