import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../dialect';
import { initial } from './0001-initial';
import { chat } from './0002-chat';
import { profiles } from './0003-profiles';
import { notifications } from './0004-notifications';
import { matchmaking } from './0005-matchmaking';
import { parties } from './0006-parties';
import { assistants } from './0007-assistants';
import { messageDeletion } from './0008-message-deletion';
import { search } from './0009-search';
import { readState } from './0010-read-state';
import { reactionPairs } from './0011-reaction-pairs';
import { sessionDevices } from './0012-session-devices';
import { blocks } from './0013-blocks';
import { moderation } from './0014-moderation';
import { dataExports } from './0015-data-exports';
import { attachments } from './0016-attachments';
import { presenceSettings } from './0017-presence-settings';
import { partyInvitations } from './0018-party-invitations';
import { quoteErasure } from './0019-quote-erasure';
import { banReasons } from './0020-ban-reasons';
import { pins } from './0021-pins';
import { replyIndex } from './0022-reply-index';
import { searchBacklog } from './0023-search-backlog';
import { unreadNotifications } from './0024-unread-notifications';
import { reactionCounts } from './0025-reaction-counts';

/** Migrations in order. Names are frozen once released; append, never edit. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-chat': chat(dialect),
    '0003-profiles': profiles(dialect),
    '0004-notifications': notifications(dialect),
    '0005-matchmaking': matchmaking(dialect),
    '0006-parties': parties(dialect),
    '0007-assistants': assistants(dialect),
    '0008-message-deletion': messageDeletion(dialect),
    '0009-search': search(dialect),
    '0010-read-state': readState(dialect),
    '0011-reaction-pairs': reactionPairs(),
    '0012-session-devices': sessionDevices(),
    '0013-blocks': blocks(),
    '0014-moderation': moderation(dialect),
    '0015-data-exports': dataExports(dialect),
    '0016-attachments': attachments(dialect),
    '0017-presence-settings': presenceSettings(),
    '0018-party-invitations': partyInvitations(),
    '0019-quote-erasure': quoteErasure(),
    '0020-ban-reasons': banReasons(),
    '0021-pins': pins(),
    '0022-reply-index': replyIndex(),
    '0023-search-backlog': searchBacklog(dialect),
    '0024-unread-notifications': unreadNotifications(),
    '0025-reaction-counts': reactionCounts(),
  };
}

/**
 * Applies every pending migration; throws on the first failure. On PostgreSQL the bookkeeping
 * tables live in `schema` when one is configured, beside the app's own; the migrator looks for
 * them in that schema only, never in the database's others (own-schema-introspector.ts).
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>
  db: Kysely<any>,
  dialect: DialectName,
  schema?: string,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({
    db,
    provider,
    ...(dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
