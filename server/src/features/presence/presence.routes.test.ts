import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@studium/protocol';
import { createPrivateRoom, userId } from '../../../test/factories';
import { newUser, TestClient } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { openPresenceSocket, openReadyPresenceSocket } from '../../../test/presence-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket, openRoomSocket } from '../../../test/ws-client';

const SETTINGS = '/api/profile/settings/presence/';
const isPresenceOf = (name: string, online: boolean) => (f: { type?: string; online?: unknown }) =>
  f.type === 'presence' && (f.online as Record<string, boolean>)[name] === online;

describe.each(DIALECTS)('typing and presence on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  describe(`GET and POST ${SETTINGS}`, () => {
    it('answers 401 to a visitor', async () => {
      const visitor = new TestClient(server.baseUrl);
      await visitor.csrf();
      expect((await visitor.get(SETTINGS)).status).toBe(401);
      expect((await visitor.post(SETTINGS, { show_presence: false })).status).toBe(401);
    });

    it('is on by default, refuses a body that is not a boolean, and saves the choice', async () => {
      const { client } = await newUser(server, 'set');
      expect((await client.get(SETTINGS)).json).toEqual({ show_presence: true });
      expect((await client.post(SETTINGS, { show_presence: 'no' })).status).toBe(400);
      expect((await client.post(SETTINGS, { show_presence: false })).json).toEqual({ show_presence: false });
      expect((await client.get(SETTINGS)).json).toEqual({ show_presence: false });
    });

    it("changes only the caller's own setting", async () => {
      const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
      await bob.client.post(SETTINGS, { show_presence: false });
      expect((await alice.client.get(SETTINGS)).json).toEqual({ show_presence: true });
    });
  });

  describe('typing on the room socket', () => {
    it("relays 'typing' to the room's other sockets, at most twice per interval", async () => {
      const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
      const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
      const typist = await openReadySocket(server.baseUrl, alice.client, room.id);
      const reader = await openReadySocket(server.baseUrl, bob.client, room.id);
      typist.send({ action: 'typing' });
      expect(await reader.next((f) => f.type === 'typing')).toEqual({ type: 'typing', username: alice.name });
      typist.send({ action: 'typing' });
      await reader.next((f) => f.type === 'typing');
      typist.send({ action: 'typing' });
      expect(await reader.nothing((f) => f.type === 'typing')).toBe(true);
      await Promise.all([typist.close(), reader.close()]);
    });

    it('refuses a typing frame with extra fields', async () => {
      const { client } = await newUser(server, 'alice');
      const room = await createPrivateRoom(
        server.ctx,
        (await client.get('/api/session/')).json.username as string,
      );
      const socket = await openReadySocket(server.baseUrl, client, room.id);
      socket.send({ action: 'typing', username: 'someone_else' });
      expect(await socket.next((f) => f.error !== undefined)).toHaveProperty('error');
      await socket.close();
    });

    it('drops the typing of a user who turned presence off', async () => {
      const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
      await alice.client.post(SETTINGS, { show_presence: false });
      const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
      const typist = await openReadySocket(server.baseUrl, alice.client, room.id);
      const reader = await openReadySocket(server.baseUrl, bob.client, room.id);
      typist.send({ action: 'typing' });
      expect(await typist.nothing((f) => f.type === 'typing')).toBe(true);
      expect(await reader.nothing((f) => f.type === 'typing')).toBe(true);
      await Promise.all([typist.close(), reader.close()]);
    });

    it('drops typing between blocked users, in either direction, and relays it to everyone else', async () => {
      const [alice, bob, carol] = [
        await newUser(server, 'alice'),
        await newUser(server, 'bob'),
        await newUser(server, 'carol'),
      ];
      const room = await createPrivateRoom(server.ctx, alice.name, [bob.name, carol.name]);
      expect((await alice.client.post(`/api/users/${bob.name}/block/`)).status).toBe(200);
      const aliceTab = await openReadySocket(server.baseUrl, alice.client, room.id);
      const bobTab = await openReadySocket(server.baseUrl, bob.client, room.id);
      const carolTab = await openReadySocket(server.baseUrl, carol.client, room.id);
      const typingOf = (name: string) => (f: { type?: string; username?: unknown }) =>
        f.type === 'typing' && f.username === name;

      bobTab.send({ action: 'typing' });
      await carolTab.next(typingOf(bob.name));
      // Written to every socket of the room in one go: carol's arrival means alice's would have.
      expect(await aliceTab.nothing(typingOf(bob.name))).toBe(true);

      aliceTab.send({ action: 'typing' });
      await carolTab.next(typingOf(alice.name));
      expect(await bobTab.nothing(typingOf(alice.name))).toBe(true);
      await Promise.all([aliceTab.close(), bobTab.close(), carolTab.close()]);
    });

    it('drops the typing of a member who has left the room meanwhile', async () => {
      const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
      const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
      const leaver = await openReadySocket(server.baseUrl, bob.client, room.id);
      const reader = await openReadySocket(server.baseUrl, alice.client, room.id);
      await server.ctx.db
        .deleteFrom('room_members')
        .where('room_id', '=', room.id)
        .where('user_id', '=', await userId(server.ctx, bob.name))
        .execute();
      leaver.send({ action: 'typing' });
      // The leaver's own barrier proves its typing frame was handled first.
      expect(await leaver.nothing((f) => f.type === 'typing')).toBe(true);
      expect(await reader.nothing((f) => f.type === 'typing')).toBe(true);
      await Promise.all([leaver.close(), reader.close()]);
    });

    it('does not let a stranger open, or type into, a members-only room', async () => {
      const [alice, eve] = [await newUser(server, 'alice'), await newUser(server, 'eve')];
      const room = await createPrivateRoom(server.ctx, alice.name);
      expect((await openRoomSocket(server.baseUrl, eve.client, room.id).closed).code).toBe(
        WS_CLOSE.noPermission,
      );
    });
  });

  describe('the presence socket /ws/presence/', () => {
    it('closes with 4001 for a visitor and refuses a foreign Origin', async () => {
      expect((await openPresenceSocket(server.baseUrl, null, ['x']).closed).code).toBe(WS_CLOSE.notLoggedIn);
      const { client } = await newUser(server, 'x');
      await expect(
        openPresenceSocket(server.baseUrl, client, ['x'], { origin: 'https://evil.example' }).opened,
      ).rejects.toThrow(/403/);
    });

    it('shows a user online while they have a room or notification socket open, live', async () => {
      const [alice, carol] = [await newUser(server, 'alice'), await newUser(server, 'carol')];
      const { socket: watcher, first } = await openReadyPresenceSocket(server.baseUrl, carol.client, [
        alice.name,
        'no_such_user_here',
      ]);
      expect(first).toEqual({ type: 'presence', online: { [alice.name]: false } });

      const { socket: tab } = await openReadyNotificationSocket(server.baseUrl, alice.client);
      await watcher.next(isPresenceOf(alice.name, true));
      const room = await createPrivateRoom(server.ctx, alice.name);
      const roomTab = await openReadySocket(server.baseUrl, alice.client, room.id);
      await tab.close();
      // Still online: the room socket is open.
      expect(await watcher.nothing(isPresenceOf(alice.name, false))).toBe(true);
      await roomTab.close();
      await watcher.next(isPresenceOf(alice.name, false));
      await watcher.close();
    });

    it("does not count a user's own presence socket as being online", async () => {
      const [alice, carol] = [await newUser(server, 'alice'), await newUser(server, 'carol')];
      const { socket: aliceWatching } = await openReadyPresenceSocket(server.baseUrl, alice.client, [
        carol.name,
      ]);
      const { first } = await openReadyPresenceSocket(server.baseUrl, carol.client, [alice.name]);
      expect(first.online).toEqual({ [alice.name]: false });
      await aliceWatching.close();
    });

    it("never tells watchers of an opted-out user's sockets opening and closing", async () => {
      const [shy, dave, carol] = [
        await newUser(server, 'shy'),
        await newUser(server, 'dave'),
        await newUser(server, 'carol'),
      ];
      await shy.client.post(SETTINGS, { show_presence: false });
      const { socket: watcher, first } = await openReadyPresenceSocket(server.baseUrl, carol.client, [
        shy.name,
        dave.name,
      ]);
      expect(first.online).toEqual({ [shy.name]: false, [dave.name]: false });

      const { socket: tab } = await openReadyNotificationSocket(server.baseUrl, shy.client);
      const room = await createPrivateRoom(server.ctx, shy.name);
      const roomTab = await openReadySocket(server.baseUrl, shy.client, room.id);
      await Promise.all([tab.close(), roomTab.close()]);
      // Dave comes online after all that: his frame is the first and only one the watcher gets.
      const { socket: daveTab } = await openReadyNotificationSocket(server.baseUrl, dave.client);
      expect(await watcher.next((f) => f.type === 'presence')).toEqual({
        type: 'presence',
        online: { [dave.name]: true },
      });
      expect(await watcher.nothing((f) => f.type === 'presence')).toBe(true);
      await Promise.all([daveTab.close(), watcher.close()]);
    });

    it('tells watchers once when an online user hides, then nothing of their sockets', async () => {
      const [alice, dave, carol] = [
        await newUser(server, 'alice'),
        await newUser(server, 'dave'),
        await newUser(server, 'carol'),
      ];
      const { socket: tab } = await openReadyNotificationSocket(server.baseUrl, alice.client);
      const { socket: watcher, first } = await openReadyPresenceSocket(server.baseUrl, carol.client, [
        alice.name,
        dave.name,
      ]);
      expect(first.online).toEqual({ [alice.name]: true, [dave.name]: false });

      await alice.client.post(SETTINGS, { show_presence: false });
      expect(await watcher.next((f) => f.type === 'presence')).toEqual({
        type: 'presence',
        online: { [alice.name]: false },
      });
      const { socket: secondTab } = await openReadyNotificationSocket(server.baseUrl, alice.client);
      await Promise.all([secondTab.close(), tab.close()]);
      // Turning it back on while offline changes nothing anyone sees.
      await alice.client.post(SETTINGS, { show_presence: true });
      const { socket: daveTab } = await openReadyNotificationSocket(server.baseUrl, dave.client);
      expect(await watcher.next((f) => f.type === 'presence')).toEqual({
        type: 'presence',
        online: { [dave.name]: true },
      });
      expect(await watcher.nothing((f) => f.type === 'presence')).toBe(true);
      await Promise.all([daveTab.close(), watcher.close()]);
    });

    it('shows neither side of a block online to the other, and tells a watcher once as it starts and ends', async () => {
      const [alice, bob, carol] = [
        await newUser(server, 'alice'),
        await newUser(server, 'bob'),
        await newUser(server, 'carol'),
      ];
      const presence = (f: { type?: string }) => f.type === 'presence';
      const { socket: aliceTab } = await openReadyNotificationSocket(server.baseUrl, alice.client);
      const { socket: bobTab } = await openReadyNotificationSocket(server.baseUrl, bob.client);
      const { socket: bobWatching, first } = await openReadyPresenceSocket(server.baseUrl, bob.client, [
        alice.name,
      ]);
      expect(first.online).toEqual({ [alice.name]: true });
      const { socket: carolWatching } = await openReadyPresenceSocket(server.baseUrl, carol.client, [
        alice.name,
      ]);

      // Alice blocks bob: he sees her go offline once, as if she had left.
      expect((await alice.client.post(`/api/users/${bob.name}/block/`)).status).toBe(200);
      expect(await bobWatching.next(presence)).toEqual({ type: 'presence', online: { [alice.name]: false } });
      // Either side, on a socket opened since: the other is offline.
      expect((await openReadyPresenceSocket(server.baseUrl, bob.client, [alice.name])).first.online).toEqual({
        [alice.name]: false,
      });
      const { socket: aliceWatching, first: aliceSees } = await openReadyPresenceSocket(
        server.baseUrl,
        alice.client,
        [bob.name],
      );
      expect(aliceSees.online).toEqual({ [bob.name]: false });

      // Her sockets closing and opening again: carol is told, bob is not.
      await aliceTab.close();
      await carolWatching.next(isPresenceOf(alice.name, false));
      const { socket: aliceBack } = await openReadyNotificationSocket(server.baseUrl, alice.client);
      await carolWatching.next(isPresenceOf(alice.name, true));
      expect(await bobWatching.nothing(presence)).toBe(true);
      expect(await aliceWatching.nothing(presence)).toBe(true);

      // Unblocking shows each to the other again, at once.
      expect((await alice.client.request('DELETE', `/api/users/${bob.name}/block/`)).status).toBe(200);
      expect(await bobWatching.next(presence)).toEqual({ type: 'presence', online: { [alice.name]: true } });
      expect(await aliceWatching.next(presence)).toEqual({ type: 'presence', online: { [bob.name]: true } });
      await Promise.all([aliceBack.close(), bobTab.close(), bobWatching.close(), carolWatching.close()]);
      await aliceWatching.close();
    });

    it('shows an opted-out user offline, and tells watchers at once when the setting changes', async () => {
      const [alice, carol] = [await newUser(server, 'alice'), await newUser(server, 'carol')];
      const { socket: tab } = await openReadyNotificationSocket(server.baseUrl, alice.client);
      const { socket: watcher, first } = await openReadyPresenceSocket(server.baseUrl, carol.client, [
        alice.name,
      ]);
      expect(first.online).toEqual({ [alice.name]: true });

      await alice.client.post(SETTINGS, { show_presence: false });
      await watcher.next(isPresenceOf(alice.name, false));
      const { first: later } = await openReadyPresenceSocket(server.baseUrl, carol.client, [alice.name]);
      expect(later.online).toEqual({ [alice.name]: false });

      // The opted-out user still sees others.
      const { first: seen } = await openReadyPresenceSocket(server.baseUrl, alice.client, [carol.name]);
      expect(seen.online).toEqual({ [carol.name]: false });

      await alice.client.post(SETTINGS, { show_presence: true });
      await watcher.next(isPresenceOf(alice.name, true));
      await Promise.all([tab.close(), watcher.close()]);
    });
  });
  describe('profile changes on the presence socket', () => {
    it('tells the watchers of a user when what others see of the profile changes, and nobody across a block', async () => {
      const [alice, bob, carol] = [
        await newUser(server, 'alice'),
        await newUser(server, 'bob'),
        await newUser(server, 'carol'),
      ];
      const changed = (f: { type?: string }) => f.type === 'profile_changed';
      const edit = async (body: Record<string, unknown>) =>
        expect((await alice.client.post('/api/profile/', body)).status).toBe(200);
      const { socket: bobWatching } = await openReadyPresenceSocket(server.baseUrl, bob.client, [alice.name]);
      const { socket: carolWatching } = await openReadyPresenceSocket(server.baseUrl, carol.client, [
        alice.name,
      ]);
      expect((await alice.client.post(`/api/users/${carol.name}/block/`)).status).toBe(200);

      // What nobody else sees: a field private by default, an empty field made private.
      await edit({ profile_blurb: 'Hello from the library' });
      await edit({ studies_private: true });
      // The blurb made public: seen.
      await edit({ profile_blurb_private: false });
      expect(await bobWatching.next(changed)).toEqual({ type: 'profile_changed', username: alice.name });
      // The same blurb again, and a private field: nothing seen changes.
      await edit({ profile_blurb: 'Hello from the library' });
      await edit({ studies: 'Physics' });
      // The join date hidden: seen.
      await edit({ join_date_private: true });
      expect(await bobWatching.next(changed)).toEqual({ type: 'profile_changed', username: alice.name });
      expect(await bobWatching.nothing(changed)).toBe(true);
      // Carol, blocked, is told nothing (her frames would have been sent with bob's).
      expect(await carolWatching.nothing(changed)).toBe(true);
      await Promise.all([bobWatching.close(), carolWatching.close()]);
    });
  });
});
