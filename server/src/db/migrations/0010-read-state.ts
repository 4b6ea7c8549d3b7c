import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Read state per membership (docs/unread.md): the id of the newest message the member has read
 * (null: nothing reported yet, so everything up to the join counts as read) and the member's
 * notification level (null: the room kind's default). Existing members start with everything
 * read. Frozen: add a new file instead.
 */
export function readState(_dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema.alterTable('room_members').addColumn('last_read_id', 'integer').execute();
      await db.schema.alterTable('room_members').addColumn('notification_level', 'varchar(16)').execute();
      await sql`UPDATE room_members SET last_read_id =
        (SELECT MAX(m.id) FROM messages m WHERE m.room_id = room_members.room_id)`.execute(db);
      // Who chose every message of a room: a public room's send looks them up.
      await db.schema
        .createIndex('room_members_level_idx')
        .on('room_members')
        .columns(['room_id', 'notification_level'])
        .execute();
      // Mention counts per room after the marker: an index range on (user, room, message).
      await db.schema
        .createIndex('message_mentions_user_room_msg_idx')
        .on('message_mentions')
        .columns(['user_id', 'room_id', 'message_id'])
        .execute();
    },
  };
}
