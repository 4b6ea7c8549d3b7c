import { groupBy } from '../../lib/group-by';
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import { getDialect } from '../../db/dialect';
import { coalesced, deferToCommit, type BatchTask } from '../../db/writer';
import type { Database, Executor, Message } from '../../db/schema';

export const findMessage = (db: Executor, id: number): Promise<Message | undefined> =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();

export const findMessageByClientId = (
  db: Executor,
  userId: number,
  clientId: string,
): Promise<Message | undefined> =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

const insertMessageQuery = compiledOnce(
  (
    db: Kysely<Database>,
    room_id: number,
    user_id: number,
    content: string,
    reply_to: number | null,
    client_id: string | null,
    created_at: string,
  ) =>
    db
      .insertInto('messages')
      .values({ room_id, user_id, content, reply_to, client_id, created_at, edited_at: null })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .returning('id'),
);

interface NewMessageRow {
  room_id: number;
  user_id: number;
  content: string;
  reply_to: number | null;
  client_id: string | null;
  created_at: string;
}

/**
 * The messages of a writer batch's sends in one statement (PostgreSQL), in the order given:
 * their ids rise in that order. A row whose (user, client_id) was stored already, or earlier in
 * the same statement, is skipped, as the single insert skips it; the rest are matched to their
 * ids in order.
 */
export async function insertMessages(
  db: Executor,
  rows: NewMessageRow[],
): Promise<Array<number | undefined>> {
  const column = <K extends keyof NewMessageRow>(key: K) => rows.map((r) => r[key]);
  const { rows: inserted } = await sql<{ id: number; user_id: number; client_id: string | null }>`
    insert into messages (room_id, user_id, content, reply_to, client_id, created_at, edited_at)
    select k.room_id, k.user_id, k.content, k.reply_to, k.client_id, k.created_at, null
    from unnest(${column('room_id')}::int[], ${column('user_id')}::int[], ${column('content')}::text[],
      ${column('reply_to')}::int[], ${column('client_id')}::text[], ${column('created_at')}::text[])
      with ordinality as k(room_id, user_id, content, reply_to, client_id, created_at, i)
    order by k.i
    on conflict (user_id, client_id) do nothing
    returning id, user_id, client_id`.execute(db);
  inserted.sort((a, b) => a.id - b.id);
  let next = 0;
  return rows.map((row) => {
    const candidate = inserted[next];
    if (candidate && candidate.user_id === row.user_id && candidate.client_id === row.client_id) {
      next++;
      return candidate.id;
    }
    return undefined;
  });
}

const insertOneMessage = async (db: Executor, row: NewMessageRow) =>
  (
    await insertMessageQuery(
      db,
      row.room_id,
      row.user_id,
      row.content,
      row.reply_to,
      row.client_id,
      row.created_at,
    )
  )[0]?.id;

/**
 * Inserts a message; undefined when the same (user, client_id) was stored meanwhile. Runs per
 * message: compiled once, and sent once for the sends side by side in a writer batch.
 */
export const insertMessage = coalesced(insertOneMessage, insertMessages);

const bumpRoomActivityQuery = compiledOnce((db: Kysely<Database>, roomId: number, at: string) =>
  db
    .updateTable('rooms')
    .set((eb) => ({ message_count: eb('message_count', '+', 1), last_message_at: at }))
    .where('id', '=', roomId),
);

interface Activity {
  roomId: number;
  at: string;
}

/**
 * The rooms' counters for a batch of messages: one statement. Every message of a busy room
 * updates the same row, so on PostgreSQL the writer's batches bump their rooms only at their
 * end, locking them in ascending id order first: two batches never wait on each other in a
 * cycle (writer.ts). Messages' inserts only share-lock the room's key, which this lock leaves alone.
 */
const roomActivity: BatchTask<Activity> = {
  async run(db, values) {
    const byRoom = new Map<number, { n: number; at: string }>();
    for (const { roomId, at } of values) {
      const seen = byRoom.get(roomId);
      byRoom.set(roomId, { n: (seen?.n ?? 0) + 1, at: seen && seen.at > at ? seen.at : at });
    }
    const ids = [...byRoom.keys()].sort((a, b) => a - b);
    const [only] = ids;
    if (ids.length === 1 && only !== undefined && byRoom.get(only)!.n === 1) {
      await bumpRoomActivityQuery(db, only, byRoom.get(only)!.at);
      return;
    }
    if (getDialect(db) === 'postgres') {
      // One statement: the subquery locks the rooms in ascending id order (its rows are locked as
      // they are sorted), then they are bumped.
      const counted = ids.map((id) => byRoom.get(id)!);
      await sql`update rooms set message_count = rooms.message_count + k.n, last_message_at = k.at
        from (select rooms.id, b.n, b.at
          from rooms join unnest(${ids}::int[], ${counted.map((r) => r.n)}::int[], ${counted.map((r) => r.at)}::text[])
            as b(id, n, at) on b.id = rooms.id
          order by rooms.id for no key update of rooms) k
        where rooms.id = k.id`.execute(db);
      return;
    }
    // Typed casts: PostgreSQL cannot infer a parameter's type in a CASE branch.
    const cases = (type: 'integer' | 'text', pick: (room: { n: number; at: string }) => number | string) =>
      sql.join(
        ids.map((id) => sql`when ${id} then cast(${pick(byRoom.get(id)!)} as ${sql.raw(type)})`),
        sql` `,
      );
    await db
      .updateTable('rooms')
      .set({
        message_count: sql<number>`message_count + case id ${cases('integer', (r) => r.n)} end`,
        last_message_at: sql<string>`case id ${cases('text', (r) => r.at)} end`,
      })
      .where('id', 'in', ids)
      .execute();
  },
};

/** Keeps the room list's counters current, committed with the message (at the end of the writer's batch). */
export function bumpRoomActivity(db: Executor, roomId: number, at: string) {
  return deferToCommit(db, roomActivity, { roomId, at });
}

export async function insertMentions(
  db: Executor,
  rows: Array<{ message_id: number; user_id: number; room_id: number; created_at: string }>,
) {
  if (rows.length === 0) return;
  await db
    .insertInto('message_mentions')
    .values(rows)
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
}

/** The author of a stored message as a message shows it; null for a tombstone. */
export const findAuthor = (db: Executor, userId: number | null) =>
  userId === null
    ? Promise.resolve(undefined)
    : db.selectFrom('users').select(['username', 'is_bot']).where('id', '=', userId).executeTakeFirst();

export async function findUsersByUsernames(
  db: Executor,
  usernames: string[],
): Promise<Array<{ id: number; username: string }>> {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(
      'username_lower',
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
}

/** The usernames each message mentions, for a page of messages. */
export async function listMentionedUsernames(
  db: Executor,
  messageIds: number[],
): Promise<Map<number, string[]>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('message_mentions')
    .innerJoin('users', 'users.id', 'message_mentions.user_id')
    .select(['message_mentions.message_id', 'users.username'])
    .where('message_mentions.message_id', 'in', messageIds)
    .orderBy('message_mentions.message_id')
    .orderBy('users.username')
    .execute();
  return groupBy(
    rows,
    (row) => row.message_id,
    (row) => row.username,
  );
}

const pageColumns = (db: Executor, roomId: number) =>
  db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.user_id')
    .select((eb) => [
      'messages.id',
      'messages.user_id',
      'users.username',
      'messages.content',
      'messages.created_at',
      'messages.reply_to',
      'messages.edited_at',
      'messages.edit_count',
      'messages.deleted_at',
      'users.is_bot',
      eb
        .selectFrom('messages as r')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('r.reply_to', '=', 'messages.id')
        .where('r.deleted_at', 'is', null)
        .as('reply_count'),
    ])
    .where('messages.room_id', '=', roomId);

/** A page of a room's history, newest first, one more than asked to tell whether more exist. */
export function listRoomMessages(db: Executor, roomId: number, before: number | undefined, limit: number) {
  let query = pageColumns(db, roomId);
  if (before !== undefined) query = query.where('messages.id', '<', before);
  return query
    .orderBy('messages.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** The messages after `after`, oldest first, one more than asked to tell whether more exist. */
export function listNewerMessages(db: Executor, roomId: number, after: number, limit: number) {
  return pageColumns(db, roomId)
    .where('messages.id', '>', after)
    .orderBy('messages.id', 'asc')
    .limit(limit + 1)
    .execute();
}

/** Whether the room has a message with an id in the given direction of `id`. */
export async function hasMessageBeyond(
  db: Executor,
  roomId: number,
  id: number,
  direction: 'older' | 'newer',
): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('room_id', '=', roomId)
    .where('id', direction === 'older' ? '<' : '>', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many messages (not deleted) reply to a message. */
export async function countReplies(db: Executor, messageId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reply_to', '=', messageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Reaction counts per message and emoji, in the order each emoji was first given. */
export function countReactions(db: Executor, messageIds: number[]) {
  return db
    .selectFrom('reactions')
    .select((eb) => [
      'message_id',
      'emoji',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('first_at'),
    ])
    .where('message_id', 'in', messageIds)
    .groupBy(['message_id', 'emoji'])
    .orderBy('first_at')
    .orderBy('emoji')
    .execute();
}

/** Replaces a message's text if nobody edited it since `seenEditCount`; false otherwise. */
export async function updateMessageContent(
  db: Executor,
  id: number,
  seenEditCount: number,
  content: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ content, edited_at: at, edit_count: seenEditCount + 1 })
    .where('id', '=', id)
    .where('edit_count', '=', seenEditCount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertEdit(db: Executor, messageId: number, contentBefore: string, at: string) {
  await db
    .insertInto('message_edits')
    .values({ message_id: messageId, content_before: contentBefore, edited_at: at })
    .execute();
}

/** The edits of a message, oldest first. */
export const listEdits = (db: Executor, messageId: number) =>
  db
    .selectFrom('message_edits')
    .select(['content_before', 'edited_at'])
    .where('message_id', '=', messageId)
    .orderBy('id')
    .execute();

/**
 * Turns a message into a deleted tombstone: its text, edit history and mentions are erased, not
 * hidden. False when it was already deleted. Reactions are removed by the caller (counters move).
 */
export async function eraseMessage(db: Executor, messageId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ content: '', edited_at: null, edit_count: 0, deleted_at: at })
    .where('id', '=', messageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('message_edits').where('message_id', '=', messageId).execute();
  await db.deleteFrom('message_mentions').where('message_id', '=', messageId).execute();
  return true;
}

/** Removes every reaction of a message; answers who gave them and when (to move the counters). */
export const deleteReactionsOf = (db: Executor, messageId: number) =>
  db
    .deleteFrom('reactions')
    .where('message_id', '=', messageId)
    .returning(['user_id', 'created_at'])
    .execute();
