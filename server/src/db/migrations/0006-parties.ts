import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/** The product's own account: it writes the first message of a matched group's room. */
export const SYSTEM_USERNAME = 'studium-bot';

/**
 * Group matchmaking: parties (a study group looking for more people), their registered members,
 * and the offers between two parties. Parties go with their owner's account, memberships with
 * either side (cascade). Also the product's system account, which posts but never logs in.
 * Frozen: add a new file instead.
 */
export function parties(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('parties')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('topic_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_size', 'integer', (c) => c.notNull())
        // The party's size: the members it already has, the owner included.
        .addColumn('existing_member_count', 'integer', (c) => c.notNull())
        .addColumn('preferred_complement_size', 'integer')
        .addColumn('pitch', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('campus', 'varchar(80)', (c) => c.notNull().defaultTo(''))
        .addColumn('languages', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('modality', 'varchar(16)')
        // JSON: weekly blocks [{day, start, end}].
        .addColumn('availability', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('location_hint', 'varchar(120)', (c) => c.notNull().defaultTo(''))
        // JSON: every member as entered (display names, optional usernames, prefs).
        .addColumn('members', 'text', (c) => c.notNull().defaultTo('[]'))
        // The members' mean study level, kept beside them so candidate search need not read them.
        .addColumn('study_level', 'double precision')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // Candidate search: one range per (topic, open), narrowed by size; scoring runs on that.
      // The index also carries every column scoring reads (a covering index): a topic's parties
      // are spread over the whole table, and reading them from it cost a page each.
      await db.schema
        .createIndex('parties_search_idx')
        .on('parties')
        .columns([
          'topic_key',
          'status',
          'existing_member_count',
          'target_size',
          'user_id',
          'preferred_complement_size',
          'study_level',
          'modality',
          'campus',
          'languages',
          'availability',
          'id',
        ])
        .execute();
      // A user's current party.
      await db.schema.createIndex('parties_user_idx').on('parties').columns(['user_id', 'status']).execute();

      // Registered members (the owner too), so membership checks are indexed and a deleted account leaves.
      await db.schema
        .createTable('party_members')
        .addColumn('party_id', 'integer', (c) => c.notNull().references('parties.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('party_members_pk', ['party_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('party_members_user_idx')
        .on('party_members')
        .columns(['user_id', 'party_id'])
        .execute();

      // One offer per pair of parties, stored once: the lower id is A.
      await db.schema
        .createTable('party_offers')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('party_a_id', 'integer', (c) => c.notNull().references('parties.id').onDelete('cascade'))
        .addColumn('party_b_id', 'integer', (c) => c.notNull().references('parties.id').onDelete('cascade'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('a_accepted_at', 'varchar(32)')
        .addColumn('b_accepted_at', 'varchar(32)')
        .addColumn('declined_by', 'integer')
        .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
        .addColumn('score', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('matched_at', 'varchar(32)')
        .addUniqueConstraint('party_offers_pair_uq', ['party_a_id', 'party_b_id'])
        .addCheckConstraint('party_offers_order_ck', sql`party_a_id < party_b_id`)
        .execute();
      // Offers of a party on its B side (the A side is the unique constraint's prefix).
      await db.schema
        .createIndex('party_offers_b_idx')
        .on('party_offers')
        .columns(['party_b_id', 'state'])
        .execute();

      // The system account: no usable password (never a valid hash) and is_bot, which login refuses.
      // Its name cannot be registered (a dash), so it exists alongside any existing account.
      await db
        .insertInto('users')
        .values({
          username: SYSTEM_USERNAME,
          username_lower: SYSTEM_USERNAME,
          password_hash: '!',
          is_bot: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
  };
}
