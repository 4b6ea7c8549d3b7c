import type { Kysely } from 'kysely';
import { blobType, type DialectName } from '../dialect';

/**
 * Attachments (docs/attachments.md): one row per upload, tied to its room and uploader, and to
 * its message once sent; the bytes live in the row or, with ATTACHMENTS_DIR, in a file named by
 * `storage_key`. Rows go with their room, message or user. Frozen: add a new file instead.
 */
export function attachments(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('attachments')
        .addColumn('id', 'varchar(22)', (c) => c.primaryKey())
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('mime', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        // Null when the bytes are in ATTACHMENTS_DIR under storage_key.
        .addColumn('content', blobType(dialect))
        .addColumn('thumbnail', blobType(dialect))
        .addColumn('storage_key', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attachments_message_idx')
        .on('attachments')
        .columns(['message_id'])
        .execute();
      await db.schema
        .createIndex('attachments_user_idx')
        .on('attachments')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.createIndex('attachments_room_idx').on('attachments').columns(['room_id']).execute();
    },
  };
}
