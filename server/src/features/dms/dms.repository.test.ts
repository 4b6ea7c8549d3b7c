import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../../test/migrated-database';
import { DIALECTS } from '../../../test/test-app';
import { conversationRoomsQuery, listConversationRooms } from './dms.repository';

const CONVERSATIONS = 300;
const PER_CONVERSATION = 20;
const ELSEWHERE = 20_000;

// The conversation list's one query, as each engine plans it once the tables are analyzed: a
// step into messages_room_id_idx per conversation for its newest message, never a pass over the
// whole messages table (PostgreSQL hashed every message to join the newest ones by id:
// docs/benchmarks.md, "The conversation list and the sidebar on PostgreSQL").
describe.each(DIALECTS)('the conversation list query on %s', (dialect) => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let me: number;
  let partnerOf: (slug: string) => Promise<{ room: number; partner: number }>;
  beforeAll(async () => {
    opened = await openMigratedDatabase(dialect);
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    // The user, and one partner for each of their direct conversations, 'p1'…'p300'.
    await sql`
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${CONVERSATIONS})
      insert into users (username, username_lower, password_hash, created_at)
      select case when i = 0 then 'me' else 'p' || i end, case when i = 0 then 'me' else 'p' || i end, '!', ${at} from n`.execute(
      db,
    );
    const id = async (username: string) =>
      Number(
        (await sql<{ id: number }>`select id from users where username = ${username}`.execute(db)).rows[0]
          ?.id,
      );
    me = await id('me');
    const busy = await id('p1');
    // A busy public room whose messages none of the conversations need.
    await sql`insert into rooms (name, slug, path, depth, kind, created_at) values ('r', 'r', 'r', 0, 'public', ${at})`.execute(
      db,
    );
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ELSEWHERE})
      insert into messages (room_id, user_id, content, created_at)
      select (select id from rooms where slug = 'r'), ${busy}, 'elsewhere ' || i, ${at} from n`.execute(db);
    // Direct rooms 'dm:p1'…'dm:p300': the user and the partner, 20 messages each, the partner's last.
    await sql`
      insert into rooms (name, slug, path, depth, kind, created_at)
      select 'dm:' || username, 'dm:' || username, 'dm:' || username, 0, 'dm', ${at} from users where created_at = ${at} and username <> 'me'`.execute(
      db,
    );
    await sql`
      insert into room_members (room_id, user_id, role, joined_at)
      select rooms.id, ${me}, 'member', ${at} from rooms where kind = 'dm'
      union all select rooms.id, users.id, 'member', ${at} from rooms join users on rooms.slug = 'dm:' || users.username`.execute(
      db,
    );
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PER_CONVERSATION})
      insert into messages (room_id, user_id, content, created_at)
      select rooms.id, case when n.i = ${PER_CONVERSATION} then users.id else ${me} end, rooms.slug || ' #' || n.i, ${at}
      from rooms join users on rooms.slug = 'dm:' || users.username, n order by n.i, rooms.id`.execute(db);
    await sql`update rooms set last_message_at = ${at} where kind = 'dm'`.execute(db);
    await sql`analyze`.execute(db);
    partnerOf = async (slug) => {
      const row = (
        await sql<{ room: number; partner: number }>`
          select rooms.id as room, users.id as partner from rooms join users on rooms.slug = 'dm:' || users.username
          where rooms.slug = ${slug}`.execute(db)
      ).rows[0];
      return { room: Number(row?.room), partner: Number(row?.partner) };
    };
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('reads each conversation with its newest message, its partner and its unread count', async () => {
    const rows = await listConversationRooms(opened.typed, me);
    expect(rows).toHaveLength(CONVERSATIONS);
    const { room, partner } = await partnerOf('dm:p7');
    const row = rows.find((r) => r.id === room);
    expect(row).toMatchObject({
      kind: 'dm',
      other_user: 'p7',
      last_message: `dm:p7 #${PER_CONVERSATION}`,
      last_author_id: partner,
    });
    expect(Number(row?.last_attachment_count)).toBe(0);
    // Nothing read yet: the partner's one message counts, the user's own nineteen do not.
    expect(Number(row?.unread)).toBe(1);
    expect(Number(row?.mentions)).toBe(0);
  });

  it('finds the newest messages through the room index, never by reading every message', async () => {
    const query = conversationRoomsQuery(opened.typed, me).compile();
    const explain = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
    const { rows } = await opened.typed.executeQuery(
      CompiledQuery.raw(explain + query.sql, [...query.parameters]),
    );
    const plan = rows
      .map((r) => String((r as Record<string, unknown>)[dialect === 'postgres' ? 'QUERY PLAN' : 'detail']))
      .join('\n');
    if (dialect === 'postgres') {
      expect(plan).not.toMatch(/Seq Scan on messages/);
      expect(plan).toMatch(/messages_room_id_idx on messages/);
    } else {
      expect(plan).not.toMatch(/SCAN (messages|last)\b/);
      expect(plan).toMatch(/SEARCH last USING INTEGER PRIMARY KEY/);
      expect(plan).toMatch(/messages_room_id_idx/);
    }
  });
});
