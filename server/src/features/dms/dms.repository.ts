import { groupBy } from '../../lib/group-by';
import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import { DMS_LIMITS } from '@studium/protocol';
import { getDialect } from '../../db/dialect';
import type { Database, Executor } from '../../db/schema';
import { readCountColumns } from '../read-states/read-states.queries';

/** Users by username, case-insensitively. */
export function findUsersByUsernames(db: Executor, usernames: string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'username', 'username_lower'])
    .where(
      'username_lower',
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
}

export async function listMemberIds(db: Executor, roomId: number): Promise<number[]> {
  return (await db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute()).map(
    (r) => r.user_id,
  );
}

/** The other members of the user's group rooms, for the conversation search (docs/dms.md). */
export async function listGroupMembers(db: Executor, userId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('room_members as me')
    .innerJoin('rooms', 'rooms.id', 'me.room_id')
    .innerJoin('room_members as other', 'other.room_id', 'me.room_id')
    .innerJoin('users', 'users.id', 'other.user_id')
    .select(['me.room_id', 'users.username'])
    .where('me.user_id', '=', userId)
    .where('rooms.kind', '=', 'group')
    .where('other.user_id', '!=', userId)
    .orderBy('me.room_id')
    .orderBy('users.username_lower')
    .execute();
  return groupBy(
    rows,
    (row) => row.room_id,
    (row) => row.username,
  );
}

const ROOM_COLUMNS = ['rooms.id', 'rooms.kind', 'rooms.name', 'rooms.last_message_at'] as const;

/**
 * Every DM and group room of a user with its newest message, for a DM the other member, and the
 * user's capped unread and mention counts (docs/unread.md): one query. Per room, the newest message
 * is one step down messages_room_id_idx and the other member one step into room_members' primary
 * key, so thousands of conversations stay cheap. PostgreSQL reads the newest message in a lateral
 * join: joined by an id that a subquery finds, its planner hashed the whole messages table
 * (docs/benchmarks.md). SQLite, which has no lateral join, keeps the subquery's id and steps into
 * its primary key.
 */
export function conversationRoomsQuery(db: Executor, userId: number) {
  const memberships = db
    .selectFrom('room_members as rm')
    .innerJoin('rooms', 'rooms.id', 'rm.room_id')
    .where('rm.user_id', '=', userId)
    .where('rooms.kind', 'in', ['dm', 'group']);
  const otherUser = (eb: ExpressionBuilder<Database, 'rooms'>) =>
    eb
      .selectFrom('room_members as other')
      .innerJoin('users', 'users.id', 'other.user_id')
      .select('users.username')
      .whereRef('other.room_id', '=', 'rooms.id')
      .where('other.user_id', '!=', userId)
      .orderBy('other.user_id')
      .limit(1)
      .as('other_user');
  // One character more than a preview holds tells the presenter to add the ellipsis.
  const preview = sql<string | null>`substr(last.content, 1, ${sql.lit(DMS_LIMITS.previewMax + 1)})`;
  // The files of the newest message: one of files only is previewed by their count.
  const attachmentCount = (lastId: Expression<number | null>) =>
    db
      .selectFrom('attachments')
      .select((a) => a.fn.countAll<number>().as('n'))
      .where('attachments.message_id', '=', lastId)
      .as('last_attachment_count');
  if (getDialect(db) === 'postgres')
    return memberships
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('messages')
            .select(['messages.id', 'messages.content', 'messages.user_id', 'messages.deleted_at'])
            .whereRef('messages.room_id', '=', 'rooms.id')
            .orderBy('messages.id', 'desc')
            .limit(1)
            .as('last'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        ...ROOM_COLUMNS,
        otherUser(eb),
        preview.as('last_message'),
        'last.user_id as last_author_id',
        'last.deleted_at as last_deleted_at',
        attachmentCount(eb.ref('last.id')),
        ...readCountColumns(userId),
      ]);
  const rooms = memberships.select((eb) => [
    ...ROOM_COLUMNS,
    eb
      .selectFrom('messages')
      .select('messages.id')
      .whereRef('messages.room_id', '=', 'rooms.id')
      .orderBy('messages.id', 'desc')
      .limit(1)
      .as('last_message_id'),
    otherUser(eb),
    ...readCountColumns(userId),
  ]);
  return db
    .selectFrom(rooms.as('c'))
    .leftJoin('messages as last', 'last.id', 'c.last_message_id')
    .select((eb) => [
      'c.id',
      'c.kind',
      'c.name',
      'c.last_message_at',
      'c.other_user',
      preview.as('last_message'),
      'last.user_id as last_author_id',
      'last.deleted_at as last_deleted_at',
      attachmentCount(eb.ref('last.id')),
      'c.unread',
      'c.mentions',
    ]);
}

export const listConversationRooms = (db: Executor, userId: number) =>
  conversationRoomsQuery(db, userId).execute();
