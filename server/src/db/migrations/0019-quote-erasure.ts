import { sql, type Kysely } from 'kysely';

/**
 * Erasure reaches every copy of a message's text (docs/chat.md, "Deleting a message"):
 * - `message_quotes`: which messages a bot answer quotes, so erasing one redacts the answers that
 *   quote it. The reverse index finds them at deletion.
 * - Notifications keep the preview of their message as it was when notified (before, they read the
 *   message's current text). Rows written before this migration take the message's text as it is
 *   now (empty for a deleted message), the nearest to what was notified that is left.
 * Frozen: add a new file instead.
 */
export function quoteErasure() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('message_quotes')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('quoted_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('message_quotes_pk', ['message_id', 'quoted_id'])
        .execute();
      await db.schema
        .createIndex('message_quotes_quoted_idx')
        .on('message_quotes')
        .columns(['quoted_id', 'message_id'])
        .execute();
      // The column holds 200 characters; the list shows 140 of them.
      await sql`update notifications set text = coalesce(
          (select substr(m.content, 1, 200) from messages m where m.id = notifications.message_id), '')
        where message_id is not null`.execute(db);
    },
  };
}
