import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TEXTS, type DataExport, type ExportStatusResponse } from '@studium/protocol';
import { addMember, createRoom, newUserWithId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import {
  createTestDatabase,
  DIALECTS,
  startServerOn,
  startTestServer,
  type TestServer,
} from '../../../test/test-app';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { sweepExports } from './export.service';
import type { ExportTables } from './export.repository';

/** A word no other user writes, to look for in an export. */
const secretWord = () => `walrus${Math.random().toString(36).slice(2, 10)}okapi`;

const exportsTable = (db: Executor) => db.$extendTables<ExportTables>();

/** Fetches a download as bytes, with the client's cookies. */
async function download(c: TestClient, url: string) {
  const res = await fetch(c.baseUrl + url, { headers: { cookie: c.cookieHeader } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe.each(DIALECTS)('export my data on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      REACTION_RATE_LIMIT: '1000/100',
    });
  });
  afterAll(async () => server?.close());

  type User = Awaited<ReturnType<typeof newUserWithId>>;

  const status = async (c: TestClient) => {
    const res = await c.get('/api/export/');
    expect(res.status).toBe(200);
    return (res.json as ExportStatusResponse).export;
  };
  /** Polls the status until the build has ended, as the progress bar does. */
  const waitUntilBuilt = async (c: TestClient): Promise<DataExport> => {
    for (;;) {
      const current = await status(c);
      if (current && current.status !== 'building') return current;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const exportAndOpen = async (c: TestClient) => {
    const started = await c.post('/api/export/');
    expect(started.status).toBe(202);
    const ready = await waitUntilBuilt(c);
    expect(ready.status).toBe('ready');
    const file = await download(c, ready.download_url!);
    expect(file.status).toBe(200);
    return { ready, file, entries: unzipSync(new Uint8Array(file.body)) };
  };
  const send = async (c: TestClient, room: number, content: string, extra: Record<string, unknown> = {}) => {
    const res = await c.post(`/api/rooms/${room}/messages/`, { content, ...extra });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  };

  /**
   * Gives `user` data in every feature, each text carrying `word`: profile and picture, messages
   * (one edited, one a reply to `peer`), a reaction, a DM and a group with `peer`, a tutoring
   * intent, a party, and notifications from `peer`.
   */
  async function fillEveryFeature(user: User, peer: User, word: string, room: number) {
    const profile = await user.client.post('/api/profile/', {
      studies: `studies ${word}`,
      profile_blurb: `blurb ${word}`,
      interests: `interests ${word}`,
      profile_blurb_private: false,
    });
    expect(profile.status).toBe(200);
    const png = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 30, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('profile_picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const picture = await fetch(`${server.baseUrl}/api/profile/`, {
      method: 'POST',
      headers: { cookie: user.client.cookieHeader, 'x-csrftoken': user.client.cookies.get('csrftoken')! },
      body: form,
    });
    expect(picture.status).toBe(200);

    const peerMessage = await send(peer.client, room, `peer asks ${secretWord()}`);
    const first = await send(user.client, room, `first ${word}`);
    const edited = await user.client.request('PATCH', `/api/messages/${first.id}/`, {
      body: { content: `edited ${word}` },
    });
    expect(edited.status).toBe(200);
    await send(user.client, room, `reply ${word}`, { reply_to: peerMessage.id });
    expect((await user.client.post(`/api/messages/${peerMessage.id}/react/`, { emoji: '👍' })).status).toBe(
      200,
    );
    // The peer answers: a reply notification for the user.
    await send(peer.client, room, `peer answers`, { reply_to: first.id });

    const dm = (await user.client.post('/api/dms/', { username: peer.name })).json.room as number;
    await send(user.client, dm, `dm ${word}`);
    await send(peer.client, dm, `dm back`);

    const intent = await user.client.post('/api/intent/tutor', {
      mode: 'create',
      course_code: 'cs-101',
      modality: 'online',
      languages: 'en',
      campus: 'North',
      topic: `topic ${word}`,
      availability: 'monday evening',
      pitch: `pitch ${word}`,
    });
    expect(intent.status).toBe(200);
    const party = await user.client.post('/api/party/active', {
      topic_key: 'cs-101',
      target_size: 3,
      existing_member_count: 1,
      languages: 'English',
      campus: 'North',
      modality: 'either',
      pitch: `party ${word}`,
      availability: [{ day: 'tue', start: '14:00', end: '16:00' }],
      members: [{ username: user.name, display_name: user.name, is_owner: true }],
    });
    expect(party.status).toBe(200);
    // A file sent with a message.
    const file = new FormData();
    file.append('file', new Blob([`notes ${word}\n`], { type: 'text/plain' }), `notes-${word}.txt`);
    const uploaded = await fetch(`${server.baseUrl}/api/rooms/${room}/attachments/`, {
      method: 'POST',
      headers: { cookie: user.client.cookieHeader, 'x-csrftoken': user.client.cookies.get('csrftoken')! },
      body: file,
    });
    expect(uploaded.status).toBe(201);
    const attachmentId = ((await uploaded.json()) as { id: string }).id;
    expect(
      (await user.client.post(`/api/rooms/${room}/messages/`, { content: '', attachments: [attachmentId] }))
        .status,
    ).toBe(201);
    // Muting the peer (after the DMs, which a mute leaves alone).
    expect((await user.client.post(`/api/users/${peer.name}/mute/`)).status).toBe(200);
    // And a report of the peer.
    expect((await user.client.post('/api/reports/', { username: peer.name, reason: 'spam' })).status).toBe(
      201,
    );
  }

  it('answers 401 to a visitor on every export endpoint', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/export/')).status).toBe(401);
    expect((await anon.post('/api/export/')).status).toBe(401);
    expect((await anon.get('/api/export/1/download/')).status).toBe(401);
  });

  it("exports each item of the user's data, checked against the database, and nothing of another user", async () => {
    const alice = await newUserWithId(server, 'alice');
    const bob = await newUserWithId(server, 'bob');
    const { id: room } = await createRoom(server.ctx);
    await addMember(server.ctx, room, alice.name);
    await addMember(server.ctx, room, bob.name);
    const aliceWord = secretWord();
    const bobWord = secretWord();
    // Bob has data everywhere too, his peer being Carol: Alice writes no text but her own.
    const carol = await newUserWithId(server, 'carol');
    await addMember(server.ctx, room, carol.name);
    await fillEveryFeature(alice, bob, aliceWord, room);
    await fillEveryFeature(bob, carol, bobWord, room);
    const group = await alice.client.post('/api/dms/groups/', {
      name: `group ${aliceWord}`,
      usernames: [bob.name],
    });
    expect(group.status).toBe(201);

    const { file, entries } = await exportAndOpen(alice.client);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="studium-export-${alice.name}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const names = Object.keys(entries)
      .filter((name) => !name.startsWith('files/attachments/'))
      .sort();
    expect(names).toEqual(
      [
        'README.txt',
        'account.json',
        'assistants.json',
        'attachments.json',
        'blocks.json',
        'moderation.json',
        'conversations.json',
        'files/profile-picture.webp',
        'matchmaking.json',
        'messages.json',
        'notifications.json',
        'parties.json',
        'profile.json',
        'reactions.json',
        'rooms.json',
        'sessions.json',
      ].sort(),
    );
    const read = (name: string) => JSON.parse(strFromU8(entries[name]!)) as Record<string, unknown>;
    const db = server.ctx.db;

    expect(read('account.json')).toMatchObject({ id: alice.id, username: alice.name });
    expect(read('profile.json').profile).toMatchObject({
      studies: `studies ${aliceWord}`,
      profile_blurb: `blurb ${aliceWord}`,
      profile_blurb_private: false,
      interests_private: true,
    });
    const storedPicture = await db
      .$extendTables<{ profile_pictures: { user_id: number; content: Buffer } }>()
      .selectFrom('profile_pictures')
      .select('content')
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(
      Buffer.from(entries['files/profile-picture.webp']!).equals(Buffer.from(storedPicture.content)),
    ).toBe(true);

    const messages = read('messages.json').messages as Array<Record<string, unknown>>;
    const storedMessages = await db
      .selectFrom('messages')
      .select(['id', 'content', 'room_id'])
      .where('user_id', '=', alice.id)
      .orderBy('id')
      .execute();
    expect(messages.map((m) => ({ id: m.id, content: m.content, room_id: m.room_id }))).toEqual(
      storedMessages,
    );
    expect(messages.find((m) => m.content === `edited ${aliceWord}`)).toMatchObject({
      edit_count: 1,
      edits: [{ content_before: `first ${aliceWord}` }],
    });
    expect(messages.find((m) => m.content === `reply ${aliceWord}`)).toMatchObject({
      reply_to_username: bob.name,
      room_name: expect.any(String),
    });

    const reactions = read('reactions.json').reactions as Array<Record<string, unknown>>;
    const storedReactions = await db
      .selectFrom('reactions')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    expect(reactions).toHaveLength(storedReactions.length);
    expect(reactions[0]).toMatchObject({ emoji: '👍', room_id: room });

    const conversations = read('conversations.json').conversations as Array<Record<string, unknown>>;
    expect(conversations.map((c) => c.kind).sort()).toEqual(['direct', 'group']);
    for (const c of conversations)
      expect(c.members).toEqual([alice.name, bob.name].sort((a, b) => a.localeCompare(b)));
    const memberships = read('rooms.json').memberships as unknown[];
    const storedMemberships = await db
      .selectFrom('room_members')
      .select('room_id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(memberships).toHaveLength(storedMemberships.length);

    const notifications = read('notifications.json').notifications as Array<Record<string, unknown>>;
    const storedNotifications = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', alice.id)
      .orderBy('id')
      .execute();
    expect(storedNotifications.length).toBeGreaterThan(0);
    expect(notifications.map((n) => n.id)).toEqual(storedNotifications.map((n) => n.id));

    const matchmaking = read('matchmaking.json');
    expect(matchmaking.tutoring_intents).toEqual([
      expect.objectContaining({ role: 'tutor', pitch: `pitch ${aliceWord}` }),
    ]);
    const parties = read('parties.json').parties as Array<Record<string, unknown>>;
    expect(parties).toEqual([expect.objectContaining({ pitch: `party ${aliceWord}` })]);

    const sessions = read('sessions.json').sessions as Array<Record<string, unknown>>;
    const storedSessions = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(sessions.map((s) => s.id)).toEqual(storedSessions.map((s) => s.id));
    expect(strFromU8(entries['README.txt']!)).toContain('files/attachments/');
    const attached = read('attachments.json').attachments as Array<{ file: string; name: string }>;
    expect(attached).toHaveLength(1);
    expect(attached[0]!.name).toBe(`notes-${aliceWord}.txt`);
    expect(strFromU8(entries[attached[0]!.file]!)).toBe(`notes ${aliceWord}\n`);
    const blocks = read('blocks.json').blocks_and_mutes as Array<Record<string, unknown>>;
    const storedBlocks = await db
      .selectFrom('user_blocks')
      .select(['kind', 'target_id'])
      .where('user_id', '=', alice.id)
      .execute();
    expect(blocks.map((b) => b.kind)).toEqual(storedBlocks.map((b) => b.kind));
    expect(blocks).toEqual([expect.objectContaining({ kind: 'mute' })]);
    const moderation = read('moderation.json') as { reports_made: unknown[]; bans_received: unknown[] };
    expect(moderation.reports_made).toEqual([
      expect.objectContaining({ reason: 'spam', reported_user: bob.name, status: 'open' }),
    ]);
    expect(moderation.bans_received).toEqual([]);

    // Nothing of Bob beyond his username: none of his texts, and no secrets of anyone.
    const everything = Object.values(entries)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).toContain(aliceWord);
    expect(everything).not.toContain(bobWord);
    expect(everything).not.toContain('peer asks');
    expect(everything).not.toContain('peer answers');
    expect(everything).not.toContain('dm back');
    expect(everything).not.toMatch(/token_hash|password_hash|\$argon2/);
  });

  it('names a conversation left meanwhile by no name, and its notifications withheld, whatever it is renamed to', async () => {
    const owner = await newUserWithId(server, 'keeper');
    const leaver = await newUserWithId(server, 'leaver');
    const created = await owner.client.post('/api/dms/groups/', {
      name: 'Revision crew',
      usernames: [leaver.name],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const group = (created.json as { room: number }).room;
    const asked = await send(owner.client, group, `@${leaver.name} are you in?`);
    const reply = await send(leaver.client, group, 'yes, count me in', { reply_to: asked.id });
    expect((await leaver.client.post(`/api/messages/${asked.id}/react/`, { emoji: '👍' })).status).toBe(200);
    expect((await leaver.client.post(`/api/dms/groups/${group}/leave/`)).status).toBe(200);
    const secretName = `Plan ${secretWord()}`;
    expect((await owner.client.post(`/api/rooms/${group}/rename/`, { name: secretName })).status).toBe(200);

    const { entries } = await exportAndOpen(leaver.client);
    // No file of the export holds the name the conversation got after they left.
    const holding = Object.entries(entries).filter(([, bytes]) => strFromU8(bytes).includes(secretName));
    expect(holding.map(([name]) => name)).toEqual([]);
    const read = (name: string) => JSON.parse(strFromU8(entries[name]!));
    const [message] = read('messages.json').messages;
    expect(message).toMatchObject({
      id: reply.id,
      room_id: group,
      room_name: null,
      content: 'yes, count me in',
    });
    expect(message).not.toHaveProperty('member_role');
    expect(read('reactions.json').reactions).toEqual([
      expect.objectContaining({ message_id: asked.id, room_id: group, room_name: null }),
    ]);
    const notices = read('notifications.json').notifications as Record<string, unknown>[];
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices)
      expect(n).toMatchObject({
        room_id: null,
        room_name: null,
        message_id: null,
        actor_username: null,
        text: '',
      });

    // The owner, still in it, has the name.
    const mine = exportAndOpen(owner.client);
    const ownMessages = JSON.parse(strFromU8((await mine).entries['messages.json']!)).messages;
    expect(ownMessages[0]).toMatchObject({ room_id: group, room_name: secretName });
  });

  it('names no moderator in a warning or a handled report, as the notifications list does', async () => {
    const moderator = await newUserWithId(server, 'mod');
    const warned = await newUserWithId(server, 'warned');
    const reporter = await newUserWithId(server, 'reporter');
    const room = await createRoom(server.ctx, { owner_id: moderator.id });
    await addMember(server.ctx, room.id, moderator.name, 'owner');
    await addMember(server.ctx, room.id, warned.name, 'member');
    await addMember(server.ctx, room.id, reporter.name, 'member');
    const sent = await send(warned.client, room.id, 'rude words');
    const report = await reporter.client.post('/api/reports/', { message_id: sent.id, reason: 'spam' });
    expect(report.status).toBe(201);
    const acted = await moderator.client.post(`/api/moderation/reports/${report.json.id}/action/`, {
      action: 'warn',
    });
    expect(acted.status).toBe(200);
    for (const [user, kind] of [
      [warned, 'warning'],
      [reporter, 'report_handled'],
    ] as const) {
      const { entries } = await exportAndOpen(user.client);
      const notices = strFromU8(entries['notifications.json']!);
      expect(JSON.parse(notices).notifications).toEqual([
        expect.objectContaining({ kind, actor_username: null }),
      ]);
      expect(notices).not.toContain(moderator.name);
    }
  });

  it("does not let another user see or download an export (404), nor the user anyone else's", async () => {
    const alice = await newUserWithId(server, 'alice');
    const mallory = await newUserWithId(server, 'mallory');
    const { ready } = await exportAndOpen(alice.client);
    expect((await download(mallory.client, ready.download_url!)).status).toBe(404);
    expect(await status(mallory.client)).toBeNull();
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999'])
      expect((await download(alice.client, `/api/export/${bad}/download/`)).status).toBe(404);
    expect((await download(alice.client, ready.download_url!)).status).toBe(200);
  });

  it('answers 410 once the 24 hours have passed, shows the export expired, and the sweep removes it', async () => {
    const alice = await newUserWithId(server, 'alice');
    const { ready } = await exportAndOpen(alice.client);
    expect(Date.parse(ready.expires_at!) - Date.parse(ready.ready_at!)).toBe(24 * 3600_000);
    await exportsTable(server.ctx.db)
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', ready.id)
      .execute();
    const gone = await alice.client.get(ready.download_url!);
    expect(gone.status).toBe(410);
    expect(gone.json.error).toBe(EXPORT_TEXTS.gone);
    expect(await status(alice.client)).toMatchObject({ status: 'expired', download_url: null });
    expect(await sweepExports(server.ctx)).toBeGreaterThanOrEqual(1);
    expect((await download(alice.client, ready.download_url!)).status).toBe(404);
    expect(await status(alice.client)).toBeNull();
  });

  it('reports progress while building in the background, and keeps serving other requests meanwhile', async () => {
    // Enough pages of messages that the build takes a while and moves in many steps.
    const MANY = 12_000;
    const alice = await newUserWithId(server, 'busy');
    const { id: room } = await createRoom(server.ctx);
    await addMember(server.ctx, room, alice.name);
    const now = nowIso();
    const rows = Array.from({ length: MANY }, (_, i) => ({
      room_id: room,
      user_id: alice.id,
      content: `message number ${i} ${'lorem ipsum '.repeat(8)}`,
      reply_to: null,
      client_id: null,
      created_at: now,
      edited_at: null,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await server.ctx.db
        .insertInto('messages')
        .values(rows.slice(at, at + 500))
        .execute();

    const started = Date.now();
    const res = await alice.client.post('/api/export/');
    expect(res.status).toBe(202);
    const building = res.json.export as DataExport;
    expect(building).toMatchObject({ status: 'building', progress: 0, download_url: null });
    expect(Date.now() - started).toBeLessThan(1000);
    // A second click while building answers the same export.
    expect(((await alice.client.post('/api/export/')).json.export as DataExport).id).toBe(building.id);

    // Another request is answered quickly, before the export is ready.
    const other = new TestClient(server.baseUrl);
    const asked = Date.now();
    expect((await other.get('/api/session/')).status).toBe(200);
    const answeredAt = Date.now();
    expect(answeredAt - asked).toBeLessThan(500);
    const seen: number[] = [];
    let current = await status(alice.client);
    while (current?.status === 'building') {
      seen.push(current.progress);
      await new Promise((resolve) => setTimeout(resolve, 10));
      current = await status(alice.client);
    }
    expect(answeredAt).toBeLessThan(Date.parse(current!.ready_at!));
    expect(current).toMatchObject({ status: 'ready', progress: 100 });
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const { body } = await download(alice.client, current!.download_url!);
    const messages = JSON.parse(strFromU8(unzipSync(new Uint8Array(body))['messages.json']!)).messages;
    expect(messages).toHaveLength(MANY);
  });

  it('limits how often a user starts an export (429), one export at a time', async () => {
    const alice = await newUserWithId(server, 'eager');
    for (let i = 0; i < 3; i++) await exportAndOpen(alice.client);
    const limited = await alice.client.post('/api/export/');
    expect(limited.status).toBe(429);
    const rows = await exportsTable(server.ctx.db)
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('shows a build that stopped moving as failed, and a new click starts over', async () => {
    const alice = await newUserWithId(server, 'stalled');
    const { ready } = await exportAndOpen(alice.client);
    const longAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    await exportsTable(server.ctx.db)
      .updateTable('data_exports')
      .set({ status: 'building', progress: 40, updated_at: longAgo, expires_at: null, ready_at: null })
      .where('id', '=', ready.id)
      .execute();
    expect(await status(alice.client)).toMatchObject({ id: ready.id, status: 'failed', download_url: null });
    expect((await download(alice.client, ready.download_url!)).status).toBe(404);
    const again = await alice.client.post('/api/export/');
    expect(again.status).toBe(202);
    expect((again.json.export as DataExport).id).not.toBe(ready.id);
    expect(await waitUntilBuilt(alice.client)).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('deletes the exports with the account', async () => {
    const alice = await newUserWithId(server, 'leaving');
    await exportAndOpen(alice.client);
    expect((await alice.client.post(`/api/profile/delete/${alice.name}/`)).status).toBe(200);
    const rows = await exportsTable(server.ctx.db)
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('export my data across server processes', () => {
  it('serves the download from another server process than the one that built it', async () => {
    const database = await createTestDatabase('postgres');
    const a = await startServerOn(database.env);
    const b = await startServerOn(database.env);
    try {
      const onA = new TestClient(a.baseUrl);
      const name = await onA.signUp(uniqueName('scaled'));
      expect((await onA.post('/api/export/')).status).toBe(202);
      // The same browser (same cookies) on the other process follows and downloads it.
      const onB = new TestClient(b.baseUrl);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      let current = (await onB.get('/api/export/')).json as ExportStatusResponse;
      while (current.export?.status === 'building') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        current = (await onB.get('/api/export/')).json as ExportStatusResponse;
      }
      expect(current.export?.status).toBe('ready');
      const file = await download(onB, current.export!.download_url!);
      expect(file.status).toBe(200);
      const account = JSON.parse(strFromU8(unzipSync(new Uint8Array(file.body))['account.json']!));
      expect(account.username).toBe(name);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
