import { forUpdate } from './dialect';
import type { Executor } from './schema';

/**
 * Serializes a user's units that check and then change what the user may hold at once (one
 * current intent per role, one current party): the second waits for the first to commit.
 */
export async function lockUser(db: Executor, userId: number) {
  await forUpdate(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute();
}
