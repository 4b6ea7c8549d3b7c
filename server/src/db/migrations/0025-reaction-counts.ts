import type { Kysely } from 'kysely';

/**
 * A message's reactions are counted per emoji, with the time each was first given, on every
 * history page that shows it and inside every toggle's write. The primary key (message, user,
 * emoji) found the rows but in the wrong order and without the time: SQLite sorted them and read
 * each from the table, 5.8 ms for a message with 10,000 reactions, held by the writer on a toggle.
 * In (message, emoji, time) order the counts come from this index alone, in order. Frozen: add a
 * new file instead.
 */
export function reactionCounts() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('reactions_message_emoji_idx')
        .on('reactions')
        .columns(['message_id', 'emoji', 'created_at'])
        .execute();
    },
  };
}
