import { sql, type Kysely } from 'kysely';

/**
 * Replies are counted per message on every history page, through `messages_reply_to_idx`. Most
 * messages answer none, so once SQLite's ANALYZE has run its statistics say each value of the
 * column covers every row (they are all NULL), and the planner reads the whole table for each
 * message of the page instead: seconds a page at a million messages. Indexing only the messages
 * that reply keeps the statistics about replies, and any `reply_to = …` implies that condition,
 * so both engines use it. Frozen: add a new file instead.
 */
export function replyIndex() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('messages_reply_to_idx').execute();
      await db.schema
        .createIndex('messages_reply_to_idx')
        .on('messages')
        .column('reply_to')
        .where(sql.ref('reply_to'), 'is not', null)
        .execute();
    },
  };
}
