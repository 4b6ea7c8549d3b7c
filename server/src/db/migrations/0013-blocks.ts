import type { Kysely } from 'kysely';

/**
 * Blocks and mutes (docs/blocks.md): one row per (user, target, kind). The reverse index answers
 * "who blocked the author" on every send. Frozen: add a new file instead.
 */
export function blocks() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_blocks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_blocks_pk', ['user_id', 'target_id', 'kind'])
        .execute();
      await db.schema
        .createIndex('user_blocks_target_idx')
        .on('user_blocks')
        .columns(['target_id', 'kind', 'user_id'])
        .execute();
    },
  };
}
