import type { Kysely } from 'kysely';
import { blobType, idColumn, type DialectName } from '../dialect';

/**
 * Exports of a user's data (docs/export.md): the zip is kept in the database so every server
 * process can serve it, and goes with its user. Frozen: add a new file instead.
 */
export function dataExports(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('data_exports')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content', blobType(dialect))
        .addColumn('size_bytes', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        // Moves with every step while building: a build whose process stopped is seen as stalled.
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ready_at', 'varchar(32)')
        .addColumn('expires_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('data_exports_user').on('data_exports').column('user_id').execute();
      await db.schema.createIndex('data_exports_expires').on('data_exports').column('expires_at').execute();
      // An export reads the user's messages page by page in id order: one range scan per page of
      // messages_user_id_idx (user_id, id), which 0009-search made.
    },
  };
}
