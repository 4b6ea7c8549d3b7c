import type { Kysely } from 'kysely';

/**
 * Pinned messages (docs/chat.md): one row per pinned message, with who pinned it and when. The room
 * is kept beside the message so a room's list is one indexed read, newest first. Frozen: add a new
 * file instead.
 */
export function pins() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('message_pins')
        .addColumn('message_id', 'integer', (c) =>
          c.primaryKey().references('messages.id').onDelete('cascade'),
        )
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('pinned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('pinned_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('message_pins_room_idx')
        .on('message_pins')
        .columns(['room_id', 'pinned_at'])
        .execute();
    },
  };
}
