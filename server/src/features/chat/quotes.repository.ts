import { forUpdate } from '../../db/dialect';
import type { Executor } from '../../db/schema';

// An account's messages may be many: ids go in batches well under every engine's bound on parameters.
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += BATCH) out.push(items.slice(at, at + BATCH));
  return out;
}

/** Records the messages a bot answer quotes (docs/assistants.md, "Erasure"). */
export async function insertQuotes(db: Executor, messageId: number, quotedIds: readonly number[]) {
  for (const ids of batches([...new Set(quotedIds)]))
    await db
      .insertInto('message_quotes')
      .values(ids.map((quoted_id) => ({ message_id: messageId, quoted_id })))
      .execute();
}

/**
 * Whether any of these messages is erased (deleted, or its author's account is), read under a row
 * lock on PostgreSQL: an erasure that commits meanwhile either waits for the caller's quotes to be
 * stored (and then finds them) or is seen here.
 */
export async function hasErasedMessage(db: Executor, ids: readonly number[]): Promise<boolean> {
  for (const batch of batches(ids)) {
    const rows = await forUpdate(
      db,
      db.selectFrom('messages').select(['id', 'user_id', 'deleted_at']).where('id', 'in', batch),
    ).execute();
    if (rows.length < batch.length || rows.some((r) => r.deleted_at !== null || r.user_id === null))
      return true;
  }
  return false;
}

/** The messages, not deleted, that quote any of `quotedIds`. */
export async function listQuotingMessages(db: Executor, quotedIds: readonly number[]) {
  const found = new Map<number, { id: number; room_id: number; edit_count: number }>();
  for (const batch of batches(quotedIds)) {
    const rows = await db
      .selectFrom('message_quotes as q')
      .innerJoin('messages as m', 'm.id', 'q.message_id')
      .select(['m.id', 'm.room_id', 'm.edit_count'])
      .where('q.quoted_id', 'in', batch)
      .where('m.deleted_at', 'is', null)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

/**
 * Replaces the text of messages that quoted an erased one with `text`, as an edit whose earlier
 * version is not kept, and forgets what they quoted.
 */
export async function redactMessages(db: Executor, ids: readonly number[], text: string, at: string) {
  for (const batch of batches(ids)) {
    await db
      .updateTable('messages')
      .set((eb) => ({ content: text, edited_at: at, edit_count: eb('edit_count', '+', 1) }))
      .where('id', 'in', batch)
      .execute();
    await db.deleteFrom('message_edits').where('message_id', 'in', batch).execute();
    await db.deleteFrom('message_quotes').where('message_id', 'in', batch).execute();
  }
}
