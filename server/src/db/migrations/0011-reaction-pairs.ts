import { sql, type Kysely } from 'kysely';

/**
 * Rankings that resist gaming (docs/rankings.md): per reactor, author and UTC day, how many
 * reactions were given and how many of them counted (at most the configured daily number).
 * Reactions given before this migration all counted, and stay counted. Frozen: add a new file instead.
 */
export function reactionPairs() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reaction_pair_days')
        .addColumn('reactor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('given', 'integer', (c) => c.notNull())
        .addColumn('counted', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('reaction_pair_days_pk', ['reactor_id', 'author_id', 'day'])
        .execute();
      await db.schema
        .createIndex('reaction_pair_days_author_idx')
        .on('reaction_pair_days')
        .columns(['author_id'])
        .execute();
      await sql`
        INSERT INTO reaction_pair_days (reactor_id, author_id, day, given, counted)
        SELECT r.user_id, m.user_id, substr(r.created_at, 1, 10), count(*), count(*)
        FROM reactions r JOIN messages m ON m.id = r.message_id
        WHERE m.user_id IS NOT NULL AND m.user_id <> r.user_id
        GROUP BY r.user_id, m.user_id, substr(r.created_at, 1, 10)
      `.execute(db);
    },
  };
}
