import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, userId } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { DIALECTS, startServerWithThreeUsers, type TestServer } from '../../../test/test-app';
import { sendMessage } from '../../../test/messages';
import { openReadySocket } from '../../../test/ws-client';

const t = CHAT_TEXTS.chat;
type Msg = {
  id: number;
  username: string;
  message: string;
  reactions: Record<string, number>;
  edit_count: number;
  edited_at: string | null;
  deleted_at?: string | null;
  reply_count?: number;
  mentions?: string[];
  can_edit: boolean;
  can_delete: boolean;
};
type Page = { messages: Msg[]; has_more: boolean; has_more_after: boolean };

/** A word no other test writes, to look for in the database afterwards. */
const secretWord = () => `zebra${Math.random().toString(36).slice(2, 10)}quokka`;

describe.each(DIALECTS)('deleting messages, edit history and paging around a message on %s', (dialect) => {
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

  const edit = (c: TestClient, id: number, content: string) =>
    c.request('PATCH', `/api/messages/${id}/`, { body: { content } });
  const del = (c: TestClient, id: number) => c.request('DELETE', `/api/messages/${id}/`);
  const page = async (c: TestClient, room: number, qs = '') => {
    const res = await c.get(`/api/rooms/${room}/messages/${qs}`);
    expect(res.status).toBe(200);
    return res.json as Page;
  };
  const stored = (id: number) =>
    server.ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countRows = async (table: 'message_edits' | 'message_mentions' | 'reactions', id: number) =>
    Number(
      (
        await server.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('message_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A room owned by Alice that Bob and Carol may write in, with one message of Bob's. */
  async function ownedRoomWithBobsMessage(word = secretWord()) {
    const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, aliceName) });
    await addMember(server.ctx, room.id, aliceName, 'owner');
    const message = await sendMessage(bob, room.id, `first ${word}`, {
      mentions: [{ username: carolName, start: 0, end: 0 }],
    });
    expect((await edit(bob, message.id, `second ${word}`)).status).toBe(200);
    expect((await carol.post(`/api/messages/${message.id}/react/`, { emoji: '👍' })).status).toBe(200);
    return { room, message, word };
  }

  describe('DELETE /api/messages/{id}/', () => {
    it('lets the author delete: the text, mentions, reactions and edit history are erased, the row stays', async () => {
      const { room, message } = await ownedRoomWithBobsMessage();
      const reply = await sendMessage(carol, room.id, 'a reply', { reply_to: message.id });
      expect((await page(bob, room.id)).messages[0]).toMatchObject({ id: message.id, reply_count: 1 });
      const before = await bob.get('/api/rankings/');
      expect(before.status).toBe(200);

      const res = await del(bob, message.id);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: message.id,
        message: '',
        reactions: {},
        mentions: [],
        edited_at: null,
        edit_count: 0,
        reply_count: 1,
      });
      expect(typeof res.json.deleted_at).toBe('string');

      const row = await stored(message.id);
      expect(row.content).toBe('');
      expect(row.deleted_at).toBe(res.json.deleted_at);
      expect(await countRows('message_edits', message.id)).toBe(0);
      expect(await countRows('message_mentions', message.id)).toBe(0);
      expect(await countRows('reactions', message.id)).toBe(0);

      // The tombstone keeps its place; the reply still points at it.
      const { messages } = await page(carol, room.id);
      expect(messages.map((m) => m.id)).toEqual([message.id, reply.id]);
      expect(messages[0]).toMatchObject({ message: '', deleted_at: res.json.deleted_at });
      expect(messages[1]).toMatchObject({ reply_to: message.id });

      // Idempotent: the same tombstone again.
      const again = await del(bob, message.id);
      expect(again.status).toBe(200);
      expect(again.json).toEqual(res.json);
      // A deleted message takes no edit or reaction, and has no history.
      expect((await edit(bob, message.id, 'revived')).status).toBe(409);
      expect((await carol.post(`/api/messages/${message.id}/react/`, { emoji: '👍' })).status).toBe(409);
      expect((await bob.get(`/api/messages/${message.id}/history/`)).status).toBe(404);
    });

    it('counts the replies of a message, without the deleted ones', async () => {
      const room = await createRoom(server.ctx, { is_write_gated: 0 });
      const question = await sendMessage(bob, room.id, 'question');
      const first = await sendMessage(carol, room.id, 'first answer', { reply_to: question.id });
      await sendMessage(alice, room.id, 'second answer', { reply_to: question.id });
      const countOf = async () => (await page(bob, room.id)).messages.find((m) => m.id === question.id);
      expect(await countOf()).toMatchObject({ reply_count: 2 });
      expect(first.reply_count).toBe(0);
      const c = await openReadySocket(server.baseUrl, carol, room.id);
      expect((await del(carol, first.id)).status).toBe(200);
      expect(await c.next((f) => f.type === 'message_deleted')).toMatchObject({
        id: first.id,
        reply_to: question.id,
      });
      expect(await countOf()).toMatchObject({ reply_count: 1 });
      await c.close();
    });

    it("takes the deleted message's reactions off its author's ranking counters", async () => {
      const { message } = await ownedRoomWithBobsMessage();
      const bobId = await userId(server.ctx, bobName);
      const total = async () =>
        Number(
          (
            await server.ctx.db
              .selectFrom('user_reaction_totals')
              .select('total')
              .where('user_id', '=', bobId)
              .executeTakeFirst()
          )?.total ?? 0,
        );
      const before = await total();
      expect(before).toBeGreaterThan(0);
      expect((await del(bob, message.id)).status).toBe(200);
      expect(await total()).toBe(before - 1);
    });

    it("lets the room owner delete anyone's message", async () => {
      const { message } = await ownedRoomWithBobsMessage();
      const res = await del(alice, message.id);
      expect(res.status).toBe(200);
      expect((await stored(message.id)).content).toBe('');
    });

    it('refuses others with 403 and changes nothing: text, reactions and history intact', async () => {
      const { message, word } = await ownedRoomWithBobsMessage();
      const res = await del(carol, message.id);
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.cannotDelete);
      const row = await stored(message.id);
      expect(row).toMatchObject({ content: `second ${word}`, deleted_at: null, edit_count: 1 });
      expect(await countRows('message_edits', message.id)).toBe(1);
      expect(await countRows('message_mentions', message.id)).toBe(1);
      expect(await countRows('reactions', message.id)).toBe(1);
      const history = await carol.get(`/api/messages/${message.id}/history/`);
      expect(history.json.versions).toHaveLength(2);
    });

    it('answers 404 to a stranger who cannot read the room, and changes nothing', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      const message = await sendMessage(alice, room.id, 'private words');
      const res = await del(bob, message.id);
      expect(res.status).toBe(404);
      expect(res.json.error).toBe(t.messageNotFound);
      expect((await stored(message.id)).content).toBe('private words');
      expect((await del(bob, 999_999_999)).status).toBe(404);
    });

    it("answers every call on a message of someone else's DM or group as on a message that never was", async () => {
      const dm = await createPrivateRoom(server.ctx, aliceName, [bobName], { kind: 'dm' });
      const group = await createPrivateRoom(server.ctx, aliceName, [bobName], { kind: 'group' });
      const calls = (id: number) => [
        carol.request('DELETE', `/api/messages/${id}/`),
        carol.request('PATCH', `/api/messages/${id}/`, { body: { content: 'x' } }),
        carol.get(`/api/messages/${id}/history/`),
        carol.post(`/api/messages/${id}/react/`, { emoji: '👍' }),
        carol.post(`/api/messages/${id}/pin/`),
        carol.post('/api/reports/', { message_id: id, reason: 'spam' }),
      ];
      const answers = async (id: number) =>
        (await Promise.all(calls(id))).map((res) => ({ status: res.status, body: res.json }));
      const never = await answers(999_999_999);
      expect(never.every((a) => a.status === 404)).toBe(true);
      for (const room of [dm, group]) {
        const message = await sendMessage(alice, room.id, 'between us');
        expect(await answers(message.id)).toEqual(never);
      }
    });

    it('lets only the author delete in a group room, not its owner', async () => {
      const group = await createPrivateRoom(server.ctx, aliceName, [bobName], { kind: 'group' });
      const message = await sendMessage(bob, group.id, 'group words');
      expect((await alice.get(`/api/rooms/${group.id}/`)).json).toMatchObject({
        can_delete_own: true,
        can_delete_any: false,
      });
      expect((await del(alice, message.id)).status).toBe(403);
      expect((await del(bob, message.id)).status).toBe(200);
    });

    it('tells the room detail who may delete what', async () => {
      const { room } = await ownedRoomWithBobsMessage();
      expect((await alice.get(`/api/rooms/${room.id}/`)).json).toMatchObject({
        can_delete_own: true,
        can_delete_any: true,
      });
      expect((await bob.get(`/api/rooms/${room.id}/`)).json).toMatchObject({
        can_delete_own: true,
        can_delete_any: false,
      });
    });

    it('leaves the notification of a deleted message without its text', async () => {
      const room = await createRoom(server.ctx, { is_write_gated: 0 });
      const word = secretWord();
      const message = await sendMessage(bob, room.id, `@${aliceName} ${word}`);
      const list = async () =>
        (await alice.get('/api/notifications/')).json.notifications as Array<{
          message_id: number | null;
          text: string;
        }>;
      expect((await list()).find((n) => n.message_id === message.id)?.text).toContain(word);
      expect((await del(bob, message.id)).status).toBe(200);
      const after = (await list()).find((n) => n.message_id === message.id);
      expect(after?.text ?? '').not.toContain(word);
    });

    it('erases the deleted words from the database itself', async () => {
      const { message, word } = await ownedRoomWithBobsMessage();
      expect((await del(bob, message.id)).status).toBe(200);
      if (dialect === 'sqlite') {
        // Written back from the WAL into the file, whose freed bytes secure_delete zeroed.
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(server.ctx.db);
        const file = path.join(server.ctx.config.dataDir, 'studium.sqlite3');
        for (const name of [file, `${file}-wal`]) {
          if (!fs.existsSync(name)) continue;
          expect(fs.readFileSync(name).includes(Buffer.from(word))).toBe(false);
        }
      } else {
        for (const table of ['messages', 'message_edits', 'message_mentions', 'reactions', 'notifications']) {
          const { rows } = await sql<{ found: number }>`select count(*)::int as found from ${sql.table(
            table,
          )} t where t::text like ${`%${word}%`}`.execute(server.ctx.db);
          expect(rows[0]?.found, table).toBe(0);
        }
      }
    });
  });

  describe('GET /api/messages/{id}/history/', () => {
    it('answers the versions newest first, the original last without a time', async () => {
      const room = await createRoom(server.ctx, { is_write_gated: 0 });
      const message = await sendMessage(bob, room.id, 'one');
      const second = await edit(bob, message.id, 'two');
      const third = await edit(bob, message.id, 'three');
      const res = await carol.get(`/api/messages/${message.id}/history/`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        versions: [
          { message: 'three', edited_at: third.json.edited_at },
          { message: 'two', edited_at: second.json.edited_at },
          { message: 'one', edited_at: null },
        ],
      });
      const fresh = await sendMessage(bob, room.id, 'never edited');
      expect((await carol.get(`/api/messages/${fresh.id}/history/`)).json).toEqual({
        versions: [{ message: 'never edited', edited_at: null }],
      });
    });

    it('answers 404 to a stranger of a members-only room', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName, [carolName]);
      const message = await sendMessage(alice, room.id, 'before');
      await edit(alice, message.id, 'after');
      expect((await carol.get(`/api/messages/${message.id}/history/`)).json.versions).toHaveLength(2);
      const res = await bob.get(`/api/messages/${message.id}/history/`);
      expect(res.status).toBe(404);
      expect(res.json.error).toBe(t.messageNotFound);
    });
  });

  describe('GET /api/rooms/{room}/messages/?around= and ?after=', () => {
    it('answers a page centred on a message and pages both ways from it', async () => {
      const room = await createRoom(server.ctx, { is_write_gated: 0 });
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await sendMessage(bob, room.id, `m${i}`)).id);
      const anchor = ids[12]!;

      const around = await page(carol, room.id, `?around=${anchor}&limit=10`);
      expect(around.messages.map((m) => m.id)).toEqual(ids.slice(8, 18));
      expect(around.messages.map((m) => m.id)).toContain(anchor);
      expect(around).toMatchObject({ has_more: true, has_more_after: true });

      const newer = await page(carol, room.id, `?after=${ids[17]}&limit=10`);
      expect(newer.messages.map((m) => m.id)).toEqual(ids.slice(18, 28));
      expect(newer).toMatchObject({ has_more: true, has_more_after: true });
      const newest = await page(carol, room.id, `?after=${ids[27]}&limit=10`);
      expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(28));
      expect(newest).toMatchObject({ has_more: true, has_more_after: false });

      const older = await page(carol, room.id, `?before=${ids[8]}&limit=10`);
      expect(older.messages.map((m) => m.id)).toEqual(ids.slice(0, 8));
      expect(older).toMatchObject({ has_more: false, has_more_after: true });

      const latest = await page(carol, room.id, '?limit=10');
      expect(latest.messages.map((m) => m.id)).toEqual(ids.slice(20));
      expect(latest).toMatchObject({ has_more: true, has_more_after: false });

      const first = await page(carol, room.id, `?around=${ids[0]}&limit=10`);
      expect(first.messages[0]?.id).toBe(ids[0]);
      expect(first).toMatchObject({ has_more: false, has_more_after: true });
    });

    it('answers 404 for a message of another room, 400 for two anchors, 403 to a stranger', async () => {
      const room = await createRoom(server.ctx, { is_write_gated: 0 });
      const other = await createRoom(server.ctx, { is_write_gated: 0 });
      const elsewhere = await sendMessage(bob, other.id, 'elsewhere');
      const here = await sendMessage(bob, room.id, 'here');
      expect((await carol.get(`/api/rooms/${room.id}/messages/?around=${elsewhere.id}`)).status).toBe(404);
      expect(
        (await carol.get(`/api/rooms/${room.id}/messages/?around=${here.id}&before=${here.id}`)).status,
      ).toBe(400);
      const secret = await createPrivateRoom(server.ctx, aliceName);
      const hidden = await sendMessage(alice, secret.id, 'hidden');
      expect((await bob.get(`/api/rooms/${secret.id}/messages/?around=${hidden.id}`)).status).toBe(403);
    });
  });

  describe("the reader's rights over each message", () => {
    const rightsOf = async (c: TestClient, room: number, id: number, qs = '') => {
      const found = (await page(c, room, qs)).messages.find((m) => m.id === id);
      return found && { can_edit: found.can_edit, can_delete: found.can_delete };
    };
    const both = { can_edit: true, can_delete: true };
    const none = { can_edit: false, can_delete: false };
    const deleteOnly = { can_edit: false, can_delete: true };

    it("answers the author both, another member neither, the tree room's owner only delete", async () => {
      const { room, message } = await ownedRoomWithBobsMessage();
      for (const qs of [
        '',
        `?around=${message.id}`,
        `?after=${message.id - 1}`,
        `?before=${message.id + 1}`,
      ]) {
        expect(await rightsOf(bob, room.id, message.id, qs)).toEqual(both);
        expect(await rightsOf(carol, room.id, message.id, qs)).toEqual(none);
        expect(await rightsOf(alice, room.id, message.id, qs)).toEqual(deleteOnly);
      }
      // The owner's own message is theirs to edit as well.
      const own = await sendMessage(alice, room.id, 'from the owner');
      expect(own).toMatchObject(both);
      expect(await rightsOf(bob, room.id, own.id)).toEqual(none);
    });

    it('answers them with a send, an edit and a deletion: a tombstone takes neither', async () => {
      const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, aliceName) });
      const sent = await sendMessage(carol, room.id, 'mine');
      expect(sent).toMatchObject(both);
      const edited = await edit(carol, sent.id, 'still mine');
      expect(edited.json).toMatchObject({ message: 'still mine', ...both });
      const tombstone = await del(alice, sent.id);
      expect(tombstone.json).toMatchObject({ message: '', ...none });
      expect(await rightsOf(carol, room.id, sent.id)).toEqual(none);
      expect(await rightsOf(alice, room.id, sent.id)).toEqual(none);
    });

    it("gives a group's owner no right over the others' messages", async () => {
      const group = await createPrivateRoom(server.ctx, aliceName, [bobName], { kind: 'group' });
      const message = await sendMessage(bob, group.id, 'group words');
      expect(await rightsOf(bob, group.id, message.id)).toEqual(both);
      expect(await rightsOf(alice, group.id, message.id)).toEqual(none);
    });

    it("tells each socket its own reader's rights over a new message", async () => {
      const { room } = await ownedRoomWithBobsMessage();
      const [a, b, c] = [
        await openReadySocket(server.baseUrl, alice, room.id),
        await openReadySocket(server.baseUrl, bob, room.id),
        await openReadySocket(server.baseUrl, carol, room.id),
      ];
      const isMessage = (f: { type?: string }) => f.type === 'message';
      b.send({ action: 'send_message', message: 'live words', client_id: 'rights-1' });
      expect(await b.next(isMessage)).toMatchObject({ message: 'live words', ...both });
      expect(await c.next(isMessage)).toMatchObject({ message: 'live words', ...none });
      expect(await a.next(isMessage)).toMatchObject({ message: 'live words', ...deleteOnly });
      await Promise.all([a.close(), b.close(), c.close()]);
    });
  });

  describe('the room socket', () => {
    it('deletes with delete_message and tells every socket of the room with message_deleted', async () => {
      const { room, message } = await ownedRoomWithBobsMessage();
      const [b, c] = [
        await openReadySocket(server.baseUrl, bob, room.id),
        await openReadySocket(server.baseUrl, carol, room.id),
      ];
      const isDeleted = (f: { type?: string }) => f.type === 'message_deleted';
      // Carol may not: an error to her socket only, nothing for the room.
      c.send({ action: 'delete_message', message_id: message.id });
      expect(await c.next((f) => f.error !== undefined)).toEqual({ error: t.cannotDelete });
      expect(await b.nothing(isDeleted)).toBe(true);

      b.send({ action: 'delete_message', message_id: message.id });
      const frame = await c.next(isDeleted);
      expect(frame).toMatchObject({ type: 'message_deleted', id: message.id, room: room.id, reply_to: null });
      expect(await b.next(isDeleted)).toEqual(frame);
      expect((await stored(message.id)).deleted_at).toBe(frame.deleted_at);
      // Deleting again announces nothing new.
      b.send({ action: 'delete_message', message_id: message.id });
      expect(await c.nothing(isDeleted)).toBe(true);
      await Promise.all([b.close(), c.close()]);
    });
  });
});
