import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Message deletion (docs/chat.md): a deleted message stays as a tombstone row with `deleted_at`,
 * its text erased. Replies are counted per message, so `reply_to` gets an index.
 * Frozen: add a new file instead.
 */
export function messageDeletion(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema.alterTable('messages').addColumn('deleted_at', 'varchar(32)').execute();
      await db.schema.createIndex('messages_reply_to_idx').on('messages').column('reply_to').execute();
    },
  };
}
