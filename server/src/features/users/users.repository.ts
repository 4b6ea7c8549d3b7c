import { sql } from 'kysely';
import { escapeLike } from '../../db/dialect';
import type { Executor } from '../../db/schema';

/**
 * Usernames containing `text` (case-insensitive through username_lower), prefix matches first.
 * Wildcards in the input are escaped, so '%' and '_' match themselves.
 */
export function searchUsernames(db: Executor, text: string, limit: number) {
  const lower = escapeLike(text.toLowerCase());
  return (
    db
      .selectFrom('users')
      .select('username')
      .where(sql<boolean>`username_lower like ${`%${lower}%`} escape '\\'`)
      // Bots are nobody's teammate or conversation partner.
      .where('is_bot', '=', 0)
      .orderBy(sql`case when username_lower like ${`${lower}%`} escape '\\' then 0 else 1 end`)
      .orderBy('username_lower')
      .limit(limit)
      .execute()
  );
}
