import type { Executor } from '../../db/schema';

/** Removes one reaction; returns when it had been given, or undefined if there was none. */
export async function deleteReaction(
  db: Executor,
  messageId: number,
  userId: number,
  emoji: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('emoji', '=', emoji)
    .returning('created_at')
    .executeTakeFirst();
  return row?.created_at;
}

/** Adds one reaction; false when the same one was added meanwhile (the primary key decides). */
export async function insertReaction(
  db: Executor,
  messageId: number,
  userId: number,
  emoji: string,
  at: string,
): Promise<boolean> {
  const row = await db
    .insertInto('reactions')
    .values({ message_id: messageId, user_id: userId, emoji, created_at: at })
    .onConflict((oc) => oc.columns(['message_id', 'user_id', 'emoji']).doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return row !== undefined;
}
