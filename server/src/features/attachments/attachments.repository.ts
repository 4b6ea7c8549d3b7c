import type { Executor } from '../../db/schema';

/** What describes an attachment (no bytes). */
const META = [
  'id',
  'room_id',
  'user_id',
  'message_id',
  'kind',
  'name',
  'mime',
  'size',
  'width',
  'height',
  'storage_key',
  'created_at',
] as const;

export type AttachmentMeta = Awaited<ReturnType<typeof findAttachment>> & object;

export const findAttachment = (db: Executor, id: string) =>
  db.selectFrom('attachments').select(META).where('id', '=', id).executeTakeFirst();

export async function insertAttachment(
  db: Executor,
  row: {
    id: string;
    room_id: number;
    user_id: number;
    kind: 'image' | 'file';
    name: string;
    mime: string;
    size: number;
    width: number | null;
    height: number | null;
    content: Buffer | null;
    thumbnail: Buffer | null;
    storage_key: string | null;
    created_at: string;
  },
) {
  await db.insertInto('attachments').values(row).execute();
}

/** The bytes kept in the row (null when they are in the attachments directory). */
export async function findStoredBytes(db: Executor, id: string, which: 'content' | 'thumbnail') {
  const row = await db.selectFrom('attachments').select(which).where('id', '=', id).executeTakeFirst();
  return row?.[which] ?? null;
}

/** Bytes a user keeps stored, sent or not. */
export async function sumUserBytes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Ties the user's unsent uploads to the room to a message, in the order given; answers how many
 * were claimed (fewer than asked: one is someone else's, another room's, or already sent).
 */
export async function claimForMessage(
  db: Executor,
  ids: string[],
  owner: { userId: number; roomId: number },
  messageId: number,
): Promise<number> {
  let claimed = 0;
  for (const [position, id] of ids.entries()) {
    const result = await db
      .updateTable('attachments')
      .set({ message_id: messageId, position })
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('room_id', '=', owner.roomId)
      .where('message_id', 'is', null)
      .executeTakeFirst();
    claimed += Number(result.numUpdatedRows);
  }
  return claimed;
}

/** The attachments of some messages, in their order within each message. */
export function listForMessages(db: Executor, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('attachments')
    .select(META)
    .where('message_id', 'in', messageIds)
    .orderBy('message_id')
    .orderBy('position')
    .execute();
}

/** Deletes the attachments of a message; answers the file keys whose bytes must go too. */
export async function deleteForMessage(db: Executor, messageId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('attachments')
    .where('message_id', '=', messageId)
    .returning('storage_key')
    .execute();
  return keysOf(rows);
}

/** Deletes every attachment of a user; answers the file keys whose bytes must go too. */
export async function deleteForUser(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('attachments')
    .where('user_id', '=', userId)
    .returning('storage_key')
    .execute();
  return keysOf(rows);
}

/** Deletes unsent uploads created before `before`; answers their file keys. */
export async function deleteUnsentBefore(db: Executor, before: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('attachments')
    .where('message_id', 'is', null)
    .where('created_at', '<', before)
    .returning('storage_key')
    .execute();
  return keysOf(rows);
}

const keysOf = (rows: Array<{ storage_key: string | null }>) =>
  rows.map((r) => r.storage_key).filter((k): k is string => k !== null);

/** The attachments a user sent with messages, oldest first, with their room's name. */
export const listSentByUser = (db: Executor, userId: number) =>
  db
    .selectFrom('attachments as a')
    .innerJoin('rooms', 'rooms.id', 'a.room_id')
    .select(['a.id', 'a.name', 'a.mime', 'a.size', 'a.kind', 'a.message_id', 'a.storage_key', 'a.created_at'])
    .select('rooms.name as room')
    .where('a.user_id', '=', userId)
    .where('a.message_id', 'is not', null)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
