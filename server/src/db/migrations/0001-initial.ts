import type { Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/** Accounts, sessions, settings and the room tree with memberships. Frozen: add a new file instead. */
export function initial(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('username', 'varchar(30)', (c) => c.notNull())
        .addColumn('username_lower', 'varchar(30)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_bot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('darkmode_enabled', 'integer')
        .addColumn('onboarding_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_login_at', 'varchar(32)')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rooms')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('slug', 'varchar(120)', (c) => c.notNull())
        .addColumn('path', 'varchar(512)', (c) => c.notNull().unique())
        .addColumn('parent_id', 'integer', (c) => c.references('rooms.id').onDelete('cascade'))
        .addColumn('depth', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('topic', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_bot_allowed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_public_readable', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_write_gated', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_message_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rooms_parent_idx')
        .on('rooms')
        .columns(['parent_id', 'message_count'])
        .execute();
      await db.schema.createIndex('rooms_kind_depth_idx').on('rooms').columns(['kind', 'depth']).execute();

      await db.schema
        .createTable('room_members')
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_members_pk', ['room_id', 'user_id'])
        .execute();
      await db.schema.createIndex('room_members_user_idx').on('room_members').column('user_id').execute();
    },
  };
}
