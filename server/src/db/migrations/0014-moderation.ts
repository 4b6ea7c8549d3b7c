import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/**
 * Reports, room bans and the moderation log (docs/moderation.md). A reporter has at most one open
 * report per target (`target_key`: `m:<message id>` or `u:<user id>`), kept by a partial unique
 * index. A ban is one row per room and user; `ends_at` null is permanent. Frozen: add a new file.
 */
export function moderation(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('cascade'))
        .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('cascade'))
        .addColumn('target_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('details', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('handled_at', 'varchar(32)')
        .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('reports_open_target_uq')
        .on('reports')
        .columns(['reporter_id', 'target_key'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // The queue: open reports by room.
      await db.schema
        .createIndex('reports_status_room_idx')
        .on('reports')
        .columns(['status', 'room_id'])
        .execute();

      await db.schema
        .createTable('room_bans')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('ends_at', 'varchar(32)')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('room_bans_room_user_uq', ['room_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('moderation_log')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('cascade'))
        .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
        .addColumn('ban_ends_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('moderation_log_room_idx')
        .on('moderation_log')
        .columns(['room_id', 'id'])
        .execute();
    },
  };
}
