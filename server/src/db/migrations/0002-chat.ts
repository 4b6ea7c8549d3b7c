import type { Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/**
 * Messages with edit history, reactions, mentions, and the reaction counters behind rankings.
 * Frozen: add a new file instead.
 */
export function chat(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('messages')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        // Null once the author's account is deleted: the message stays as a tombstone.
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'integer', (c) => c.references('messages.id').onDelete('set null'))
        .addColumn('client_id', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('edited_at', 'varchar(32)')
        .addColumn('edit_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // History pages walk (room_id, id) backwards: one index range scan at any table size.
      await db.schema.createIndex('messages_room_id_idx').on('messages').columns(['room_id', 'id']).execute();
      // Idempotent sends; NULL client ids never collide on either engine.
      await db.schema
        .createIndex('messages_user_client_uq')
        .on('messages')
        .columns(['user_id', 'client_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('message_edits')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('content_before', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('message_edits_message_idx')
        .on('message_edits')
        .column('message_id')
        .execute();

      await db.schema
        .createTable('reactions')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('emoji', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('reactions_pk', ['message_id', 'user_id', 'emoji'])
        .execute();

      await db.schema
        .createTable('message_mentions')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('message_mentions_pk', ['message_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('message_mentions_user_idx')
        .on('message_mentions')
        .columns(['user_id', 'room_id'])
        .execute();

      // Rankings read counters, never scan reactions (docs/rankings.md).
      await db.schema
        .createTable('user_reaction_totals')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('total', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_reaction_totals_total_idx')
        .on('user_reaction_totals')
        .column('total')
        .execute();

      await db.schema
        .createTable('user_reaction_days')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_reaction_days_pk', ['user_id', 'day'])
        .execute();
      await db.schema
        .createIndex('user_reaction_days_day_idx')
        .on('user_reaction_days')
        .columns(['day', 'total'])
        .execute();
    },
  };
}
