import { sql, type Kysely } from 'kysely';

/**
 * Unread notifications are counted per room on every notification answer and frame (the list,
 * `notification.init`, mark-read, each new notification's counts) and, with the newest one's time,
 * for the conversation list. `notifications_unread_idx` (user, read_at, room) found the rows but
 * held neither the message nor the time, so each count read every unread row from the table: a
 * user with 18,000 unread notifications paid 18,000 row reads on each answer. This index holds
 * only the unread rows, with every column those counts read, so they never touch the table, and
 * a notification marked read leaves it. `read_at` (always null in it) is a column too: SQLite
 * reads an index alone only when it holds every column the query names, its WHERE included. It
 * also serves marking read (user, then room). Frozen: add a new file instead.
 */
export function unreadNotifications() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('notifications_unread_room_idx')
        .on('notifications')
        .columns(['user_id', 'room_id', 'message_id', 'created_at', 'read_at'])
        .where(sql.ref('read_at'), 'is', null)
        .execute();
      await db.schema.dropIndex('notifications_unread_idx').execute();
    },
  };
}
