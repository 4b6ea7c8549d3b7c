import type { Kysely } from 'kysely';
import { blobType, type DialectName } from '../dialect';

/**
 * Profiles with a privacy flag per field (defaults of docs/profile.md), and profile pictures stored in the
 * database so every server can serve them. Both go with their user. Frozen: add a new file instead.
 */
export function profiles(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('studies', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('studies_private', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('profile_blurb', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('profile_blurb_private', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('website', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('website_private', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('languages_spoken', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('languages_spoken_private', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('interests', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('interests_private', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('profile_picture_private', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('join_date_private', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('profile_pictures')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('content', blobType(dialect), (c) => c.notNull())
        .addColumn('mime', 'varchar(32)', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        // Random per upload: the picture URL's version and its ETag.
        .addColumn('version', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  };
}
