import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../test/http-client';
import { REDIS_URL, clearRedisPrefix, createTestDatabase } from '../../test/test-app';
import { openReadyNotificationSocket } from '../../test/notification-socket';
import { openReadyPresenceSocket } from '../../test/presence-socket';
import { openReadySocket } from '../../test/ws-client';
import { connectRedis } from '../lib/redis';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOM = 'science.computer_science.cs-101';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(baseUrl: string, child: ChildProcess) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/session/`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${baseUrl} did not start`);
}

/**
 * The scale-out deployment for real: two server PROCESSES (the built bundle, as `npm start`
 * runs it) on one PostgreSQL schema and one Redis, nothing else shared.
 */
describe('two server processes on PostgreSQL + Redis', () => {
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  let drop: () => Promise<void>;
  const prefix = `studium:proc:${process.pid}:${Date.now()}:`;

  beforeAll(async () => {
    // Builds the server bundle when its sources changed (a no-op after `npm test`'s build).
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, STUDIUM_BUILD_ONLY: 'server' },
    });
    if (build.status !== 0) throw new Error('server build failed');
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          ...database.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          REDIS_URL,
          REDIS_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          SEED_DEMO: '1',
          MESSAGE_RATE_LIMIT: '1000/100',
          LOGIN_RATE_LIMIT: '1000/100',
          REGISTER_RATE_LIMIT: '1000/100',
        },
      });
      children.push(child);
      urls.push(baseUrl);
      // One after the other: the first migrates and seeds, the second finds both done.
      await waitUntilUp(baseUrl, child);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await drop?.();
    await clearRedisPrefix(await connectRedis(REDIS_URL, () => {}), prefix);
  });

  it('delivers to a user on process A, live, the message, edit and reaction made on process B', async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    const onB = new TestClient(urlB);
    await onA.signUp(uniqueName('reader'));
    const writer = await onB.signUp(uniqueName('writer'));
    const room = (await onA.get(`/api/rooms/${ROOM}/`)).json as { id: number };
    expect(room.id).toBeGreaterThan(0);

    const listener = await openReadySocket(urlA, onA, room.id);
    const speaker = await openReadySocket(urlB, onB, room.id);

    speaker.send({ action: 'send_message', message: 'hello across processes', client_id: 'p-1' });
    const msg = await listener.next(
      (f) => f.type === 'message' && f.message === 'hello across processes',
      5000,
    );
    expect(msg).toMatchObject({ username: writer });

    speaker.send({ action: 'edit_message', message_id: msg.id, content: 'edited across processes' });
    expect(await listener.next((f) => f.type === 'edit', 5000)).toMatchObject({
      id: msg.id,
      message: 'edited across processes',
      edit_count: 1,
    });

    speaker.send({ action: 'react_message', message_id: msg.id, emoji: '👍' });
    expect(await listener.next((f) => f.type === 'reaction', 5000)).toEqual({
      type: 'reaction',
      id: msg.id,
      reactions: { '👍': 1 },
    });

    await Promise.all([listener.close(), speaker.close()]);
  });

  it("tells a user on process A, live, of a group renamed and a deleted account's tombstones through process B", async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    const onB = new TestClient(urlB);
    const reader = await onA.signUp(uniqueName('grpreader'));
    const leaver = await onB.signUp(uniqueName('grpleaver'));
    const { room } = (await onB.post('/api/dms/groups/', { name: 'Study group', usernames: [reader] }))
      .json as { room: number };
    const listener = await openReadySocket(urlA, onA, room);

    expect((await onB.post(`/api/rooms/${room}/rename/`, { name: 'Exam group' })).status).toBe(200);
    expect(await listener.next((f) => f.type === 'room_updated', 5000)).toMatchObject({
      room: { id: room, name: 'Exam group', kind: 'group' },
    });

    const sent = await onB.post(`/api/rooms/${room}/messages/`, { content: 'bye' });
    await listener.next((f) => f.type === 'message', 5000);
    expect((await onB.post(`/api/profile/delete/${leaver}/`)).status).toBe(200);
    expect(await listener.next((f) => f.type === 'messages_tombstoned', 5000)).toEqual({
      type: 'messages_tombstoned',
      ids: [sent.json.id],
    });
    await listener.close();
  });

  it('tells a socket on process A, live, of a message deleted through process B', async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    const onB = new TestClient(urlB);
    const reader = await onA.signUp(uniqueName('delreader'));
    await onB.signUp(uniqueName('delauthor'));
    const { room } = (await onB.post('/api/dms/groups/', { name: 'Deleting group', usernames: [reader] }))
      .json as { room: number };
    const listener = await openReadySocket(urlA, onA, room);
    const sent = await onB.post(`/api/rooms/${room}/messages/`, { content: 'soon gone' });
    await listener.next((f) => f.type === 'message', 5000);

    const deleted = await onB.request('DELETE', `/api/messages/${sent.json.id}/`);
    expect(deleted.status).toBe(200);
    expect(await listener.next((f) => f.type === 'message_deleted', 5000)).toEqual({
      type: 'message_deleted',
      id: sent.json.id,
      room,
      deleted_at: deleted.json.deleted_at,
      reply_to: null,
    });
    await listener.close();
  });

  it('notifies a user on process A, live, of a DM sent through process B', async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    const onB = new TestClient(urlB);
    const reader = await onA.signUp(uniqueName('dmreader'));
    const sender = await onB.signUp(uniqueName('dmsender'));
    const { socket, init } = await openReadyNotificationSocket(urlA, onA);
    expect(init).toMatchObject({ unread_count: 0 });

    const { room } = (await onB.post('/api/dms/', { username: reader })).json as { room: number };
    expect(
      (await onB.post(`/api/rooms/${room}/messages/`, { content: 'a DM across processes' })).status,
    ).toBe(201);
    const created = await socket.next((f) => f.type === 'notification.created', 5000);
    expect(created).toMatchObject({ unread_count: 1, notification: { kind: 'dm', room, actor: sender } });

    expect((await onA.post('/api/notifications/mark_read/', { room })).json).toMatchObject({
      unread_count: 0,
    });
    expect(await socket.next((f) => f.type === 'notification.counts', 5000)).toMatchObject({
      unread_count: 0,
    });
    await socket.close();
  });

  it("updates, live, a member's unread counts on process A after a message and a read through process B", async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    const onB = new TestClient(urlB);
    const reader = await onA.signUp(uniqueName('countreader'));
    await onB.signUp(uniqueName('countwriter'));
    const { socket } = await openReadyNotificationSocket(urlA, onA);
    const { room } = (await onB.post('/api/dms/groups/', { name: 'Counting group', usernames: [reader] }))
      .json as { room: number };
    const ofRoom = (f: { type?: string; room?: unknown }) => f.type === 'read_state' && f.room === room;

    const sent = await onB.post(`/api/rooms/${room}/messages/`, {
      content: `@${reader} counted across processes`,
      mentions: [{ username: reader, start: 0, end: reader.length + 1 }],
    });
    expect(sent.status).toBe(201);
    expect(await socket.next(ofRoom, 5000)).toMatchObject({
      read_state: { unread: 1, mentions: 1, last_read_id: 0 },
    });
    // The reader's other device, on process B, reads the room.
    const device = new TestClient(urlB);
    for (const [k, v] of onA.cookies) device.cookies.set(k, v);
    const id = sent.json.id as number;
    expect((await device.post(`/api/rooms/${room}/read/`, { last_read_id: id })).status).toBe(200);
    expect(await socket.next(ofRoom, 5000)).toMatchObject({
      read_state: { unread: 0, mentions: 0, last_read_id: id },
    });
    await socket.close();
  });

  it('closes, within 2 s, the sockets on process A of a session revoked through process B', async () => {
    const [urlA, urlB] = urls as [string, string];
    const phone = new TestClient(urlA);
    const username = await phone.signUp(uniqueName('revoked'));
    const laptop = new TestClient(urlB);
    expect((await laptop.login(username)).status).toBe(200);
    const { socket } = await openReadyNotificationSocket(urlA, phone);
    const room = await openReadySocket(urlA, phone, ROOM);
    const sessions = (await laptop.get('/api/sessions/')).json as {
      sessions: Array<{ id: number; current: boolean }>;
    };
    const other = sessions.sessions.find((s) => !s.current)!;
    const started = Date.now();
    expect((await laptop.request('DELETE', `/api/sessions/${other.id}/`)).status).toBe(200);
    const [closed, roomClosed] = await Promise.all([socket.closed, room.closed]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(closed.code).toBe(4001);
    expect(roomClosed.code).toBe(4001);
  });

  it('shows on process A, live, a user typing and coming online and offline through process B', async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    const onB = new TestClient(urlB);
    const reader = await onA.signUp(uniqueName('pwatcher'));
    const ana = await onB.signUp(uniqueName('pana'));
    const { room } = (await onB.post('/api/dms/', { username: reader })).json as { room: number };
    const { socket: watcher, first } = await openReadyPresenceSocket(urlA, onA, [ana]);
    expect(first).toEqual({ type: 'presence', online: { [ana]: false } });
    const listener = await openReadySocket(urlA, onA, room);

    const typist = await openReadySocket(urlB, onB, room);
    await watcher.next(
      (f) => f.type === 'presence' && (f.online as Record<string, boolean>)[ana] === true,
      5000,
    );
    typist.send({ action: 'typing' });
    expect(await listener.next((f) => f.type === 'typing', 5000)).toEqual({ type: 'typing', username: ana });

    await typist.close();
    await watcher.next(
      (f) => f.type === 'presence' && (f.online as Record<string, boolean>)[ana] === false,
      5000,
    );
    await Promise.all([watcher.close(), listener.close()]);
  });
  it("never tells a watcher on process A of a hidden user's sockets opening and closing on process B", async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    await onA.signUp(uniqueName('hwatcher'));
    const shyClient = new TestClient(urlB);
    const shy = await shyClient.signUp(uniqueName('hshy'));
    const openClient = new TestClient(urlB);
    const open = await openClient.signUp(uniqueName('hopen'));
    expect((await shyClient.post('/api/profile/settings/presence/', { show_presence: false })).status).toBe(
      200,
    );
    const { socket: watcher, first } = await openReadyPresenceSocket(urlA, onA, [shy, open]);
    expect(first.online).toEqual({ [shy]: false, [open]: false });

    const { socket: tab } = await openReadyNotificationSocket(urlB, shyClient);
    const room = await openReadySocket(urlB, shyClient, ROOM);
    await Promise.all([tab.close(), room.close()]);
    // Hints leave process B in order: the visible user's change comes after the hidden one's.
    const { socket: openTab } = await openReadyNotificationSocket(urlB, openClient);
    expect(await watcher.next((f) => f.type === 'presence', 5000)).toEqual({
      type: 'presence',
      online: { [open]: true },
    });
    expect(await watcher.nothing((f) => f.type === 'presence')).toBe(true);
    await Promise.all([openTab.close(), watcher.close()]);
  });

  it('tells a watcher on process A when a user on process B changes what others see of their profile', async () => {
    const [urlA, urlB] = urls as [string, string];
    const onA = new TestClient(urlA);
    await onA.signUp(uniqueName('pwatcher'));
    const editorClient = new TestClient(urlB);
    const editor = await editorClient.signUp(uniqueName('peditor'));
    const { socket: watcher } = await openReadyPresenceSocket(urlA, onA, [editor]);
    expect((await editorClient.post('/api/profile/', { studies: 'Linguistics' })).status).toBe(200);
    expect(await watcher.next((f) => f.type === 'profile_changed', 5000)).toEqual({
      type: 'profile_changed',
      username: editor,
    });
    await watcher.close();
  });

  it('drops typing across a block, both ways, between sockets on processes A and B', async () => {
    const [urlA, urlB] = urls as [string, string];
    const blockerClient = new TestClient(urlA);
    const blocker = await blockerClient.signUp(uniqueName('blocker'));
    const otherClient = new TestClient(urlA);
    const other = await otherClient.signUp(uniqueName('bother'));
    const blockedClient = new TestClient(urlB);
    const blocked = await blockedClient.signUp(uniqueName('blocked'));
    const { room } = (
      await blockedClient.post('/api/dms/groups/', { name: 'Typing group', usernames: [blocker, other] })
    ).json as { room: number };
    expect((await blockerClient.post(`/api/users/${blocked}/block/`)).status).toBe(200);
    const blockerTab = await openReadySocket(urlA, blockerClient, room);
    const otherOnA = await openReadySocket(urlA, otherClient, room);
    const otherOnB = await openReadySocket(urlB, otherClient, room);
    const blockedTab = await openReadySocket(urlB, blockedClient, room);
    const typingOf = (name: string) => (f: { type?: string; username?: unknown }) =>
      f.type === 'typing' && f.username === name;

    blockedTab.send({ action: 'typing' });
    await otherOnA.next(typingOf(blocked), 5000);
    // Process A wrote the event to its sockets of the room in one go.
    expect(await blockerTab.nothing(typingOf(blocked))).toBe(true);

    blockerTab.send({ action: 'typing' });
    await otherOnB.next(typingOf(blocker), 5000);
    expect(await blockedTab.nothing(typingOf(blocker))).toBe(true);
    await Promise.all([blockerTab.close(), otherOnA.close(), otherOnB.close(), blockedTab.close()]);
  });
});
