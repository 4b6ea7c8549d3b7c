import type { Executor, NewNotification } from '../../db/schema';

/** Inserts notifications; a (message, user) pair already notified is skipped. */
export function insertNotifications(db: Executor, rows: NewNotification[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .returning(['id', 'user_id'])
    .execute();
}

/**
 * The room's members with their chosen notification level: all of them, or those among `userIds`
 * and those who chose every message (room_members_level_idx).
 */
export async function listMemberLevels(db: Executor, roomId: number, userIds: number[] | 'all') {
  let query = db
    .selectFrom('room_members')
    .select(['user_id', 'notification_level'])
    .where('room_id', '=', roomId);
  if (userIds !== 'all')
    query = query.where((eb) =>
      userIds.length === 0
        ? eb('notification_level', '=', 'all')
        : eb.or([eb('user_id', 'in', userIds), eb('notification_level', '=', 'all')]),
    );
  return query.execute();
}

/**
 * Unread notifications per user and room, with the newest one's time: served by notifications_unread_idx.
 * `aboutMessages` counts only those about a message (a mention, a reply, a conversation's message).
 */
export function listUnreadByRoom(db: Executor, userIds: number[], aboutMessages = false) {
  return db
    .selectFrom('notifications')
    .select((eb) => [
      'user_id',
      'room_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('created_at').as('last_at'),
    ])
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .$if(aboutMessages, (qb) => qb.where('message_id', 'is not', null))
    .groupBy(['user_id', 'room_id'])
    .execute();
}

/** A page of a user's notifications, newest first, one more than asked to tell whether more exist. */
export function listNotifications(db: Executor, userId: number, before: number | undefined, limit: number) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('rooms', 'rooms.id', 'n.room_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .leftJoin('messages', 'messages.id', 'n.message_id')
    .select([
      'n.id',
      'n.kind',
      'n.room_id',
      'rooms.name as room_name',
      'n.message_id',
      'actor.username as actor',
      'messages.content as message_content',
      'n.text',
      'n.created_at',
      'n.read_at',
    ])
    .where('n.user_id', '=', userId);
  if (before !== undefined) query = query.where('n.id', '<', before);
  return query
    .orderBy('n.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** Marks a user's unread notifications read, of one room or all; returns how many changed. */
export async function markRead(
  db: Executor,
  userId: number,
  roomId: number | 'all',
  at: string,
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (roomId !== 'all') query = query.where('room_id', '=', roomId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
