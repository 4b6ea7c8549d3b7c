import type { Kysely } from 'kysely';
import { idColumn, type DialectName } from '../dialect';

/** The assistants' accounts as this migration seeds them (the names match ASSISTANT_BOTS). */
const BOT_ACCOUNTS = [
  {
    username: 'studybot',
    studies: 'Room assistant',
    blurb:
      'I answer in rooms that allow bots when someone mentions @studybot: I summarise the recent ' +
      'conversation, find earlier messages and answer from what was said. I never read people who opted out.',
  },
  {
    username: 'interview_bot',
    studies: 'Onboarding interview',
    blurb:
      'I ask a few questions about your courses, languages, availability and what you are looking for, ' +
      'and fill in your profile and matchmaking card when you confirm.',
  },
  {
    username: 'discovery_bot',
    studies: 'Room discovery',
    blurb: 'Tell me what you are looking for in your own words and I point you to the rooms that fit.',
  },
] as const;

/**
 * Assistants (docs/assistants.md): the three bot accounts with a profile each, the per-user consent
 * to be read by bots, the private assistant rooms (kind 'assistant', one per user and assistant)
 * and the interview's progress. Frozen: add a new file instead.
 */
export function assistants(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      // Whether bots may read the user's messages (to answer, summarise or search); yes by default.
      await db.schema
        .alterTable('users')
        .addColumn('bots_may_read', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      // Which assistant a room of kind 'assistant' talks to; null for every other room. One room per
      // owner and assistant (NULLs never collide in a unique index, on either engine).
      await db.schema.alterTable('rooms').addColumn('assistant', 'varchar(16)').execute();
      await db.schema
        .createIndex('rooms_assistant_uq')
        .on('rooms')
        .columns(['owner_id', 'assistant'])
        .unique()
        .execute();

      await db.schema
        .createTable('assistant_interviews')
        .addColumn('id', 'integer', idColumn(dialect))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        // JSON: the merged reading so far and the slots already asked about.
        .addColumn('progress', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      // The bot accounts: no usable password (never a valid hash) and is_bot, which login refuses.
      // An account that registered one of these names before is renamed: nobody may pass for a bot.
      const at = new Date().toISOString();
      for (const bot of BOT_ACCOUNTS) {
        const taken = await db
          .selectFrom('users')
          .select(['id', 'is_bot'])
          .where('username_lower', '=', bot.username)
          .executeTakeFirst();
        let id = taken?.is_bot === 1 ? (taken.id as number) : undefined;
        if (taken && taken.is_bot !== 1) {
          const renamed = `${bot.username}_${taken.id}`.slice(0, 30);
          await db
            .updateTable('users')
            .set({ username: renamed, username_lower: renamed })
            .where('id', '=', taken.id)
            .execute();
        }
        if (id === undefined) {
          const row = await db
            .insertInto('users')
            .values({
              username: bot.username,
              username_lower: bot.username,
              password_hash: '!',
              is_bot: 1,
              onboarding_completed: 1,
              created_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = row.id as number;
        }
        await db
          .insertInto('profiles')
          .values({
            user_id: id,
            studies: bot.studies,
            profile_blurb: bot.blurb,
            profile_blurb_private: 0,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      }
    },
  };
}
