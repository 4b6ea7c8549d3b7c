import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXTS } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom } from '../../../test/factories';
import { TestClient } from '../../../test/http-client';
import { DIALECTS, startServerWithThreeUsers, type TestServer } from '../../../test/test-app';
import { sendMessageId } from '../../../test/messages';

type Hit = {
  id: number;
  username: string;
  message: string;
  timestamp: string;
  room: { id: number; name: string; path: string };
  highlight: Array<[number, number]>;
  hidden: 'blocked' | 'muted' | null;
};
type Answer = { results: Hit[]; has_more: boolean; next_before: string | null };

const e = SEARCH_TEXTS.errors;
let wordCounter = 0;
/** A word no other test uses (letters only, so every engine keeps it whole). */
const word = () =>
  `zq${(++wordCounter).toString(36)}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

describe.each(DIALECTS)('message search on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let aliceName: string;
  let bobName: string;
  let carolName: string;
  beforeAll(async () => {
    ({ server, alice, bob, carol, aliceName, bobName, carolName } = await startServerWithThreeUsers(dialect));
  });
  afterAll(async () => server?.close());

  const search = async (c: TestClient, q: string, extra = '') => {
    const res = await c.get(`/api/search/?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as Answer;
  };
  const ids = (a: Answer) => a.results.map((r) => r.id);
  const setTime = (id: number, iso: string) =>
    server.ctx.db.updateTable('messages').set({ created_at: iso }).where('id', '=', id).execute();
  const publicRoom = async (name?: string) =>
    createRoom(server.ctx, { is_write_gated: 0, ...(name ? { name } : {}) });

  it('answers 401 to anonymous callers', async () => {
    const anon = new TestClient(server.baseUrl);
    const room = await publicRoom();
    expect((await anon.get('/api/search/?q=hello')).status).toBe(401);
    expect((await anon.get(`/api/rooms/${room.id}/similar/?q=how+do+I+do+this?`)).status).toBe(401);
  });

  it('answers 400 with a clear error to bad queries', async () => {
    const cases: Array<[string, string]> = [
      ['q=', e.empty],
      ['q=%20%20%3F%21', e.empty],
      ['q=a*', e.shortPrefix],
      ['q=%22open%20phrase', e.unclosedQuote],
      ['q=before:2024-13-01', e.badDate],
      ['q=after:yesterday', e.badDate],
      ['q=from:a%20from:b', e.repeatedFilter],
      ['q=in:', e.emptyFilter],
      [`q=${'x'.repeat(201)}`, e.tooLong],
      ['q=a%20b%20c%20d%20e%20f%20g%20h%20i', e.tooManyTerms],
      ['q=hello&before=nonsense', e.badCursor],
    ];
    for (const [qs, error] of cases) {
      const res = await alice.get(`/api/search/?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.json.error, qs).toBe(error);
    }
    for (const qs of ['q=hi&limit=0', 'q=hi&limit=51', 'q=hi&limit=x'])
      expect((await alice.get(`/api/search/?${qs}`)).status, qs).toBe(400);
  });

  it('finds every word, phrases and prefixes, folds case and accents, and highlights the matches', async () => {
    const room = await publicRoom();
    const [a, b] = [word(), word()];
    const both = await sendMessageId(alice, room.id, `The ${a} and the ${b} café`);
    const reversed = await sendMessageId(alice, room.id, `${b} then ${a}`);
    const onlyA = await sendMessageId(alice, room.id, `just ${a}`);
    expect(ids(await search(bob, `${a} ${b}`)).sort()).toEqual([both, reversed].sort());
    expect(ids(await search(bob, `"${a} and the ${b}"`))).toEqual([both]);
    expect(ids(await search(bob, `${a.slice(0, 5)}*`)).sort()).toEqual([both, reversed, onlyA].sort());
    expect(ids(await search(bob, `${a.toUpperCase()} CAFE`))).toEqual([both]);
    const [hit] = (await search(bob, `"${a} and the ${b}" cafe`)).results;
    const text = `The ${a} and the ${b} café`;
    expect(hit).toMatchObject({ id: both, username: aliceName, message: text, room: { id: room.id } });
    expect(hit!.highlight.map(([s, t]) => text.slice(s, t))).toEqual([`${a} and the ${b}`, 'café']);
  });

  it('filters by author, room (by name, quoted), and day', async () => {
    const named = await publicRoom(`Linear Algebra ${word()}`);
    const other = await publicRoom();
    const w = word();
    const byAlice = await sendMessageId(alice, named.id, `${w} one`);
    const byBob = await sendMessageId(bob, named.id, `${w} two`);
    const elsewhere = await sendMessageId(alice, other.id, `${w} three`);
    await setTime(byAlice, '2024-03-01T10:00:00.000Z');
    await setTime(byBob, '2024-03-02T10:00:00.000Z');
    await setTime(elsewhere, '2024-03-03T10:00:00.000Z');
    const roomName = (await server.ctx.db
      .selectFrom('rooms')
      .select('name')
      .where('id', '=', named.id)
      .executeTakeFirstOrThrow())!.name;
    expect(ids(await search(carol, `${w} from:${aliceName}`)).sort()).toEqual([byAlice, elsewhere].sort());
    expect(ids(await search(carol, `${w} from:${bobName.toUpperCase()}`))).toEqual([byBob]);
    expect(ids(await search(carol, `${w} from:nobody_here_at_all`))).toEqual([]);
    expect(ids(await search(carol, `${w} in:"${roomName}"`)).sort()).toEqual([byAlice, byBob].sort());
    expect(ids(await search(carol, `${w} in:${named.path}`)).sort()).toEqual([byAlice, byBob].sort());
    expect(ids(await search(carol, `${w} before:2024-03-02`))).toEqual([byAlice]);
    expect(ids(await search(carol, `${w} after:2024-03-02`))).toEqual([elsewhere]);
    expect(ids(await search(carol, `${w} after:2024-03-01 before:2024-03-03`))).toEqual([byBob]);
    // Filters alone: newest first.
    expect(ids(await search(carol, `in:${named.path}`))).toEqual([byBob, byAlice]);
    expect(ids(await search(carol, `from:${bobName} in:${named.path}`))).toEqual([byBob]);
  });

  it('finds a course room by its name, a word of it, its code or its path, in any case', async () => {
    const linear = await createRoom(server.ctx, {
      name: 'MATH-110 Linear Algebra',
      slug: 'math-110',
      path: 'science.mathematics.math-110',
      is_write_gated: 0,
    });
    const abstract = await createRoom(server.ctx, {
      name: 'MATH-230 Abstract Algebra',
      slug: 'math-230',
      path: 'science.mathematics.math-230',
      is_write_gated: 0,
    });
    const other = await publicRoom();
    const w = word();
    const inLinear = await sendMessageId(alice, linear.id, `${w} eigenvalues`);
    const inAbstract = await sendMessageId(alice, abstract.id, `${w} groups`);
    await sendMessageId(alice, other.id, `${w} elsewhere`);
    for (const name of [
      '"Linear Algebra"',
      '"linear algebra"',
      'linear',
      'LINEAR',
      'math-110',
      'MATH-110',
      'science.mathematics.math-110',
      '"MATH-110 Linear Algebra"',
    ])
      expect(ids(await search(carol, `${w} in:${name}`)), name).toEqual([inLinear]);
    // A part two rooms share names both.
    expect(ids(await search(carol, `${w} in:algebra`)).sort()).toEqual([inLinear, inAbstract].sort());
    expect(ids(await search(carol, `${w} in:"algebra linear"`))).toEqual([]);
  });

  it('ranks the best match first and the newer of equal matches before the older', async () => {
    const room = await publicRoom();
    const w = word();
    const older = await sendMessageId(alice, room.id, `${w} driver notes`);
    const best = await sendMessageId(alice, room.id, `${w} ${w} ${w}`);
    const newer = await sendMessageId(alice, room.id, `${w} driver notes`);
    expect(ids(await search(bob, w))).toEqual([best, newer, older]);
  });

  it('pages through every match once, in order', async () => {
    const room = await publicRoom();
    const w = word();
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) sent.push(await sendMessageId(alice, room.id, `${w} item ${i}`));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await search(bob, w, `&limit=2${cursor ? `&before=${cursor}` : ''}`);
      seen.push(...ids(page));
      expect(page.has_more).toBe(page.next_before !== null);
      cursor = page.next_before;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...sent].reverse());
    // A message sent meanwhile does not shift the pages already walked.
    const first = await search(bob, w, '&limit=2');
    await sendMessageId(alice, room.id, `${w} late`);
    expect(ids(await search(bob, w, `&limit=2&before=${first.next_before}`))).toEqual(seen.slice(2, 4));
  });

  it('never returns a message from a room the user cannot read, whatever the filters', async () => {
    const w = word();
    const phrase = `${w} secret plan`;
    const privateName = `Hidden ${word()}`;
    const members = await createPrivateRoom(server.ctx, aliceName, [carolName], { name: privateName });
    const membersOnlyTree = await createRoom(server.ctx, { is_public_readable: 0, is_write_gated: 0 });
    await addMember(server.ctx, membersOnlyTree.id, aliceName);
    await addMember(server.ctx, membersOnlyTree.id, carolName);
    const dm = (await alice.post('/api/dms/', { username: carolName })).json.room as number;
    const groupName = `Group ${word()}`;
    const group = (await alice.post('/api/dms/groups/', { name: groupName, usernames: [carolName] })).json
      .room as number;
    const secret = [
      await sendMessageId(alice, members.id, phrase),
      await sendMessageId(alice, membersOnlyTree.id, phrase),
      await sendMessageId(alice, dm, phrase),
      await sendMessageId(carol, group, phrase),
    ];
    const open = await publicRoom();
    const visible = await sendMessageId(alice, open.id, phrase);
    const roomNames = (
      await server.ctx.db
        .selectFrom('rooms')
        .select(['name', 'path'])
        .where('id', 'in', [members.id, membersOnlyTree.id, dm, group, open.id])
        .execute()
    ).flatMap((r) => [r.name, r.path]);

    const filters = [
      `from:${aliceName}`,
      `from:${carolName}`,
      'after:2000-01-01',
      'before:2100-01-01',
      ...roomNames.map((n) => `in:"${n}"`),
    ];
    const words = ['', w, `"${phrase}"`, `${w.slice(0, 4)}*`];
    let checked = 0;
    for (const text of words)
      for (let mask = 0; mask < 1 << 4; mask++)
        for (const inFilter of ['', ...filters.slice(4)]) {
          const parts = [text, inFilter, ...filters.slice(0, 4).filter((_, i) => mask & (1 << i))];
          if (parts.filter((p) => p.startsWith('from:')).length > 1) continue;
          const q = parts.filter(Boolean).join(' ');
          if (!q || (!text && !q.includes('from:') && !q.includes('in:'))) continue;
          const answer = await search(bob, q, '&limit=50');
          expect(
            ids(answer).filter((id) => secret.includes(id)),
            q,
          ).toEqual([]);
          checked++;
        }
    expect(checked).toBeGreaterThan(100);
    // The members themselves do find them (the loop above is not vacuous).
    expect(ids(await search(carol, w, '&limit=50')).sort()).toEqual([...secret, visible].sort());
    expect(ids(await search(bob, w, '&limit=50'))).toEqual([visible]);
  });

  it('stops finding a group once the user left it, and a members-only room once removed from it', async () => {
    const w = word();
    const groupName = `Group ${word()}`;
    const group = (await alice.post('/api/dms/groups/', { name: groupName, usernames: [bobName] })).json
      .room as number;
    const club = await createPrivateRoom(server.ctx, aliceName, [bobName], { is_write_gated: 0 });
    const secret = [
      await sendMessageId(alice, group, `${w} in the group`),
      await sendMessageId(alice, club.id, `${w} in the club`),
    ];
    expect(ids(await search(bob, w)).sort()).toEqual([...secret].sort());

    expect((await bob.post(`/api/dms/groups/${group}/leave/`)).status).toBe(200);
    await server.ctx.db
      .deleteFrom('room_members')
      .where('room_id', '=', club.id)
      .where(
        'user_id',
        '=',
        (
          await server.ctx.db
            .selectFrom('users')
            .select('id')
            .where('username', '=', bobName)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    for (const q of [
      w,
      `from:${aliceName}`,
      `in:"${groupName}"`,
      `in:${club.path}`,
      `${w} in:"${groupName}"`,
    ])
      expect(
        ids(await search(bob, q, '&limit=50')).filter((id) => secret.includes(id)),
        q,
      ).toEqual([]);
    // Nor are they offered beside the composer of either room.
    for (const room of [group, club.id]) {
      const res = await bob.get(
        `/api/rooms/${room}/similar/?q=${encodeURIComponent(`what is ${w} in the group?`)}`,
      );
      expect(res.status).not.toBe(200);
    }
  });

  it('hides a room from a user banned from it until the ban ends', async () => {
    const room = await publicRoom();
    const w = word();
    const id = await sendMessageId(alice, room.id, `banned from ${w}`);
    expect(ids(await search(bob, w))).toEqual([id]);
    const bobId = (
      await server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', bobName)
        .executeTakeFirstOrThrow()
    ).id;
    const now = Date.now();
    const ban = await server.ctx.db
      .insertInto('room_bans')
      .values({
        room_id: room.id,
        user_id: bobId,
        ends_at: new Date(now + 3600_000).toISOString(),
        created_by: null,
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(ids(await search(bob, w))).toEqual([]);
    expect(ids(await search(bob, `in:${room.path}`))).toEqual([]);
    await server.ctx.db
      .updateTable('room_bans')
      .set({ ends_at: new Date(now - 1000).toISOString() })
      .where('id', '=', ban.id)
      .execute();
    expect(ids(await search(bob, w))).toEqual([id]);
  });

  it('finds edited text by its new words only, and never emptied (deleted) text', async () => {
    const room = await publicRoom();
    const [before, after] = [word(), word()];
    const id = await sendMessageId(alice, room.id, `draft ${before}`);
    expect(ids(await search(bob, before))).toEqual([id]);
    const edit = await alice.request('PATCH', `/api/messages/${id}/`, {
      body: { content: `final ${after}` },
    });
    expect(edit.status).toBe(200);
    expect(ids(await search(bob, after))).toEqual([id]);
    expect(ids(await search(bob, before))).toEqual([]);
    // Deleting a message erases its text.
    expect((await alice.request('DELETE', `/api/messages/${id}/`)).status).toBe(200);
    expect(ids(await search(bob, after))).toEqual([]);
    expect(ids(await search(bob, `in:${room.path}`))).toEqual([]);
    if (dialect === 'sqlite') {
      // Erased words leave the index itself, not only the results.
      const { rows } = await sql<{
        v: number;
      }>`select v from messages_fts_config where k = 'secure-delete'`.execute(server.ctx.db);
      expect(rows).toEqual([{ v: 1 }]);
    }
  });

  it('offers earlier questions of a course room like the draft one, to its readers only', async () => {
    const room = await publicRoom();
    const topic = word();
    const earlier = await sendMessageId(
      alice,
      room.id,
      `How do I compute the ${topic} of a symmetric matrix?`,
    );
    await sendMessageId(alice, room.id, `Lunch at noon? ${topic}`);
    await sendMessageId(alice, room.id, 'How do I compute anything at all?');
    const similar = await bob.get(
      `/api/rooms/${room.id}/similar/?q=${encodeURIComponent(`how to compute ${topic} for a matrix?`)}`,
    );
    expect(similar.status).toBe(200);
    expect((similar.json.results as Hit[]).map((r) => r.id)).toEqual([earlier]);
    const short = await bob.get(`/api/rooms/${room.id}/similar/?q=${encodeURIComponent(topic)}`);
    expect(short.json.results).toEqual([]);
    const hidden = await createPrivateRoom(server.ctx, aliceName, [], { is_write_gated: 0 });
    await sendMessageId(alice, hidden.id, `How do I compute the ${topic} of a symmetric matrix?`);
    const denied = await bob.get(
      `/api/rooms/${hidden.id}/similar/?q=${encodeURIComponent(`how to compute ${topic} for a matrix?`)}`,
    );
    expect(denied.status).toBe(403);
  });

  it("never offers the asker's own messages as already answered", async () => {
    const room = await publicRoom();
    const topic = word();
    await sendMessageId(bob, room.id, `How do I compute the ${topic} of a symmetric matrix?`);
    const other = await sendMessageId(alice, room.id, `How do I compute the ${topic} of a matrix?`);
    const similar = await bob.get(
      `/api/rooms/${room.id}/similar/?q=${encodeURIComponent(`how to compute ${topic} for a matrix?`)}`,
    );
    expect((similar.json.results as Hit[]).map((r) => r.id)).toEqual([other]);
  });

  it("marks a blocked or muted author's hits hidden for the searcher alone, as the room's history does", async () => {
    const room = await publicRoom();
    const w = word();
    const fromBob = await sendMessageId(bob, room.id, `bob says ${w}`);
    const fromCarol = await sendMessageId(carol, room.id, `carol says ${w}`);
    const fromAlice = await sendMessageId(alice, room.id, `alice says ${w}`);
    expect((await alice.post(`/api/users/${bobName}/block/`)).status).toBe(200);
    expect((await alice.post(`/api/users/${carolName}/mute/`)).status).toBe(200);
    try {
      const hidden = async (c: TestClient) =>
        Object.fromEntries((await search(c, w)).results.map((r) => [r.id, r.hidden]));
      expect(await hidden(alice)).toEqual({ [fromBob]: 'blocked', [fromCarol]: 'muted', [fromAlice]: null });
      // Nobody else's hits change, nor does the author learn of it.
      expect(await hidden(bob)).toEqual({ [fromBob]: null, [fromCarol]: null, [fromAlice]: null });
    } finally {
      await alice.request('DELETE', `/api/users/${bobName}/block/`);
      await alice.request('DELETE', `/api/users/${carolName}/mute/`);
    }
  });
});
