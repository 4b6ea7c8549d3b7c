import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedSqlite, seedRoomHistory } from '../../../test/migrated-database';

// The statistics SQLite's ANALYZE keeps are what made the planner give up the index: the test
// writes history with no reply, analyzes it, and reads the plan of the page query.
describe('migration 0022 (reply index) on sqlite', () => {
  let sqlite: Awaited<ReturnType<typeof openMigratedSqlite>>;
  beforeAll(async () => {
    sqlite = await openMigratedSqlite();
  });
  afterAll(async () => sqlite?.close());

  it('keeps counting replies through the index once ANALYZE has seen a history without replies', async () => {
    const { db } = sqlite;
    const at = new Date().toISOString();
    await seedRoomHistory(db, ['u'], 5000, 1, at);
    await sql`analyze`.execute(db);
    // The reply count of a history page (chat.repository's page query), for each message of it.
    const plan = await sql<{ detail: string }>`
      explain query plan
      select m.id, (select count(*) from messages r where r.reply_to = m.id and r.deleted_at is null) as n
      from messages m where m.room_id = ${1} and m.id < ${2500} order by m.id desc limit 51`.execute(db);
    const details = plan.rows.map((r) => r.detail);
    expect(details).toContain('SEARCH r USING INDEX messages_reply_to_idx (reply_to=?)');
    expect(details.join('\n')).not.toMatch(/SCAN r\b/);
  });
});
