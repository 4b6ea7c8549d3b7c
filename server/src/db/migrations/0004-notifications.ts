import type { Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/**
 * Notifications (mentions, replies, DM and group messages, matchmaking events), one row per
 * recipient. They go with their recipient's account (cascade); a deleted actor leaves none
 * behind (set null). Frozen: add a new file instead.
 */
export function notifications(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('cascade'))
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // Only for notifications without a message (matchmaking): a message's text is read from
        // the message itself, so edits show and a deleted author's text goes with the tombstone.
        .addColumn('text', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('read_at', 'varchar(32)')
        .execute();
      // The list pages newest first per user.
      await db.schema
        .createIndex('notifications_user_id_idx')
        .on('notifications')
        .columns(['user_id', 'id'])
        .execute();
      // Unread counts per room, and marking a room read: an index range on (user, unread).
      await db.schema
        .createIndex('notifications_unread_idx')
        .on('notifications')
        .columns(['user_id', 'read_at', 'room_id'])
        .execute();
      // One notification per user per message; NULL message ids (matchmaking) never collide.
      await db.schema
        .createIndex('notifications_message_user_uq')
        .on('notifications')
        .columns(['message_id', 'user_id'])
        .unique()
        .execute();
    },
  };
}
