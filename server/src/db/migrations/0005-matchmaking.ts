import type { Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/**
 * Tutoring matchmaking: intents (a tutor's or a tutoree's wish, one current per user and role)
 * and the decisions a subject intent took on candidates. Both go with their owner's account
 * (cascade). Frozen: add a new file instead.
 */
export function matchmaking(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tutoring_intents')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('course_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('modality', 'varchar(16)', (c) => c.notNull())
        .addColumn('campus', 'varchar(80)', (c) => c.notNull().defaultTo(''))
        .addColumn('languages', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('location_hint', 'varchar(120)', (c) => c.notNull().defaultTo(''))
        .addColumn('topic', 'varchar(120)', (c) => c.notNull().defaultTo(''))
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
        // Soft preference weights, JSON.
        .addColumn('prefs', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('ttl_days', 'integer', (c) => c.notNull())
        .addColumn('pitch', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('availability', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // Candidate search: one index range per (other role, course, open); scoring runs on that.
      await db.schema
        .createIndex('tutoring_intents_search_idx')
        .on('tutoring_intents')
        .columns(['role', 'course_code', 'status'])
        .execute();
      // A user's current intent of a role.
      await db.schema
        .createIndex('tutoring_intents_user_idx')
        .on('tutoring_intents')
        .columns(['user_id', 'role'])
        .execute();

      await db.schema
        .createTable('tutoring_decisions')
        .addColumn('subject_intent_id', 'integer', (c) =>
          c.notNull().references('tutoring_intents.id').onDelete('cascade'),
        )
        .addColumn('candidate_intent_id', 'integer', (c) =>
          c.notNull().references('tutoring_intents.id').onDelete('cascade'),
        )
        .addColumn('decision', 'varchar(16)', (c) => c.notNull())
        .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('tutoring_decisions_pk', ['subject_intent_id', 'candidate_intent_id'])
        .execute();
      // A tutor's accepted matches, counted from the candidate side (the subject side is the primary key).
      await db.schema
        .createIndex('tutoring_decisions_candidate_idx')
        .on('tutoring_decisions')
        .columns(['candidate_intent_id', 'decision'])
        .execute();
    },
  };
}
