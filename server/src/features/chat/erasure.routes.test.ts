import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_BOTS, ASSISTANT_TEXTS, type DataExport } from '@studium/protocol';
import { addMember, createRoom } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { newUser } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

const BOT = ASSISTANT_BOTS.room;

/** A word nobody else writes, to look for everywhere once its message is erased. */
const secretWord = () => `zebra${Math.random().toString(36).slice(2, 10)}quokka`;

describe.each(DIALECTS)('erasing a message erases every quote of it, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      ASSISTANT_RATE_LIMIT: '1000/100',
      ROOM_BOT_RATE_LIMIT: '1000/100',
    });
  });
  afterAll(async () => server?.close());

  type User = Awaited<ReturnType<typeof newUser>>;
  const send = async (
    client: TestClient,
    room: number,
    content: string,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await client.post(`/api/rooms/${room}/messages/`, { content, ...extra });
    expect(res.status).toBe(201);
    return res.json.id as number;
  };
  const mention = (username: string) => [{ username, start: 0, end: username.length + 1 }];

  /**
   * A room that allows bots where Alice wrote `word` (mentioning Bob), Carol replied to her, and
   * Bob asked the room bot, whose answer quotes Alice. Answers the ids.
   */
  async function quotedByTheBot(alice: User, bob: User, carol: User, word: string) {
    const room = await createRoom(server.ctx, { is_bot_allowed: 1, is_write_gated: 0 });
    for (const u of [alice, bob, carol]) await addMember(server.ctx, room.id, u.name);
    const quoted = await send(
      alice.client,
      room.id,
      `@${bob.name} the lab door code is ${word}, keep it quiet`,
      {
        mentions: mention(bob.name),
      },
    );
    await send(carol.client, room.id, 'thanks, noted', { reply_to: quoted });
    await send(bob.client, room.id, `@${BOT} find the lab door code`, { mentions: mention(BOT) });
    await server.drainAssistants();
    const history = await bob.client.get(`/api/rooms/${room.id}/messages/`);
    const answer = (history.json.messages as Array<{ id: number; is_bot: boolean; message: string }>).at(-1)!;
    expect(answer.is_bot).toBe(true);
    expect(answer.message).toContain(word);
    expect(await searchHits(bob.client, word)).toEqual([quoted, answer.id].sort((a, b) => b - a));
    return { room: room.id, quoted, answer: answer.id };
  }

  const searchHits = async (client: TestClient, word: string) => {
    const res = await client.get(`/api/search/?q=${encodeURIComponent(word)}`);
    expect(res.status).toBe(200);
    return (res.json.results as Array<{ id: number }>).map((r) => r.id).sort((a, b) => b - a);
  };

  /** Everything a reader can still get at: history, search, notifications (list and socket), export. */
  async function everythingBobSees(bob: User, room: number, word: string) {
    const history = await bob.client.get(`/api/rooms/${room}/messages/`);
    const notifications = await bob.client.get('/api/notifications/');
    const { socket, init } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    await socket.close();
    expect(await searchHits(bob.client, word)).toEqual([]);
    return [
      JSON.stringify(history.json),
      JSON.stringify(notifications.json),
      JSON.stringify(init),
      await exportText(bob.client),
    ].join('\n');
  }

  /** Bob's own data export, built now, every file of it as text. */
  async function exportText(client: TestClient) {
    expect((await client.post('/api/export/')).status).toBe(202);
    let built: DataExport | null = null;
    while (!built || built.status === 'building') {
      built = (await client.get('/api/export/')).json.export as DataExport;
      if (built.status === 'building') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(built.status).toBe('ready');
    const res = await fetch(client.baseUrl + built.download_url!, {
      headers: { cookie: client.cookieHeader },
    });
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    return Object.values(entries)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
  }

  it('redacts the bot answer quoting a deleted message: live, in history, search, notifications and exports', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const word = secretWord();
    const { room, quoted, answer } = await quotedByTheBot(alice, bob, carol, word);
    const live = await openReadySocket(server.baseUrl, bob.client, room);

    expect((await alice.client.request('DELETE', `/api/messages/${quoted}/`)).status).toBe(200);

    const edit = await live.next((f) => f.type === 'edit');
    expect(edit).toMatchObject({ id: answer, message: ASSISTANT_TEXTS.answerRedacted });
    await live.close();
    const history = await bob.client.get(`/api/rooms/${room}/messages/`);
    const byId = new Map((history.json.messages as Array<{ id: number }>).map((m) => [m.id, m]));
    expect(byId.get(answer)).toMatchObject({ message: ASSISTANT_TEXTS.answerRedacted, is_bot: true });
    // The reply's quote has nothing left to show of the message it replied to.
    expect(byId.get(quoted)).toMatchObject({ message: '', deleted_at: expect.any(String) });
    expect(await everythingBobSees(bob, room, word)).not.toContain(word);
  });

  it('redacts the bot answers quoting the messages of a deleted account', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const word = secretWord();
    const { room, answer } = await quotedByTheBot(alice, bob, carol, word);

    expect((await alice.client.post(`/api/profile/delete/${alice.name}/`)).status).toBe(200);

    const history = await bob.client.get(`/api/rooms/${room}/messages/`);
    const redacted = (history.json.messages as Array<{ id: number }>).find((m) => m.id === answer);
    expect(redacted).toMatchObject({ message: ASSISTANT_TEXTS.answerRedacted });
    expect(await everythingBobSees(bob, room, word)).not.toContain(word);
  });

  it('keeps an answer whose quoted messages stay', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const word = secretWord();
    const { room, answer } = await quotedByTheBot(alice, bob, carol, word);
    const other = await send(carol.client, room, 'an unrelated message');
    expect((await carol.client.request('DELETE', `/api/messages/${other}/`)).status).toBe(200);
    const history = await bob.client.get(`/api/rooms/${room}/messages/`);
    const kept = (history.json.messages as Array<{ id: number; message: string }>).find(
      (m) => m.id === answer,
    );
    expect(kept?.message).toContain(word);
  });
});
