import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedSqlite, seedRoomHistory } from '../../../test/migrated-database';

// The unread counts of notifications.repository, as the plan SQLite picks for them: the partial
// index alone (COVERING), never the table, once ANALYZE has seen a user with thousands unread.
describe('migration 0024 (unread notifications) on sqlite', () => {
  let sqlite: Awaited<ReturnType<typeof openMigratedSqlite>>;
  let db: Awaited<ReturnType<typeof openMigratedSqlite>>['db'];
  beforeAll(async () => {
    sqlite = await openMigratedSqlite();
    db = sqlite.db;
    const at = new Date().toISOString();
    await seedRoomHistory(db, ['u', 'v'], 3000, 2, at);
    // 3,000 notifications of user 1, the oldest 300 read.
    await sql`
      insert into notifications (user_id, kind, room_id, message_id, actor_id, created_at, read_at)
      select 1, 'mention', 1, id, 2, created_at, case when id <= 300 then ${at} end from messages`.execute(
      db,
    );
    await sql`analyze`.execute(db);
  });
  afterAll(async () => {
    await sqlite?.close();
  });

  const plan = async (query: ReturnType<typeof sql>) =>
    (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows
      .map((r) => r.detail)
      .join('\n');

  it('counts the unread notifications per room from the index alone', async () => {
    expect(
      await plan(
        sql`select user_id, room_id, count(*) as n from notifications where user_id in (${1}) and read_at is null group by user_id, room_id`,
      ),
    ).toMatch(/USING COVERING INDEX notifications_unread_room_idx/);
    expect(
      await plan(
        sql`select room_id, count(*) as n, max(created_at) as last_at from notifications where user_id = ${1} and read_at is null and message_id is not null group by room_id`,
      ),
    ).toMatch(/USING COVERING INDEX notifications_unread_room_idx/);
  });

  it('holds the unread rows only, and marks a room read through it', async () => {
    const counted = await sql<{
      n: number;
    }>`select count(*) as n from notifications indexed by notifications_unread_room_idx where user_id = ${1} and read_at is null`.execute(
      db,
    );
    expect(Number(counted.rows[0]?.n)).toBe(2700);
    expect(
      await plan(
        sql`update notifications set read_at = ${'x'} where user_id = ${1} and read_at is null and room_id = ${1}`,
      ),
    ).toMatch(/USING INDEX notifications_unread_room_idx/);
  });
});
