import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedSqlite } from '../../../test/migrated-database';

// The reaction counts of a history page and of a toggle (chat.repository.countReactions), as the
// plan SQLite picks for a message with thousands of reactions: the new index alone, in its order.
describe('migration 0025 (reaction counts) on sqlite', () => {
  let sqlite: Awaited<ReturnType<typeof openMigratedSqlite>>;
  beforeAll(async () => {
    sqlite = await openMigratedSqlite();
  });
  afterAll(async () => sqlite?.close());

  it('counts the reactions per message and emoji from the index alone', async () => {
    const { db } = sqlite;
    const at = new Date().toISOString();
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      insert into users (username, username_lower, password_hash, created_at) select 'u' || i, 'u' || i, '!', ${at} from n`.execute(
      db,
    );
    await sql`insert into rooms (name, slug, path, depth, kind, created_at) values ('r', 'r', 'r', 0, 'public', ${at})`.execute(
      db,
    );
    await sql`insert into messages (room_id, user_id, content, created_at) values (1, 1, 'm', ${at})`.execute(
      db,
    );
    await sql`
      insert into reactions (message_id, user_id, emoji, created_at)
      select 1, id, e.emoji, ${at} from users cross join (select '👍' as emoji union all select '🎉') e`.execute(
      db,
    );
    await sql`analyze`.execute(db);
    const plan = await sql<{ detail: string }>`
      explain query plan
      select message_id, emoji, count(*) as count, min(created_at) as first_at from reactions
      where message_id in (${1}) group by message_id, emoji order by first_at, emoji`.execute(db);
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toMatch(/USING COVERING INDEX reactions_message_emoji_idx/);
    expect(details).not.toMatch(/TEMP B-TREE FOR GROUP BY/);
  });
});
