import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS_TEXTS, CHAT_LIMITS, CHAT_TEXTS } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, userId } from '../../../test/factories';
import { newUser, TestClient } from '../../../test/http-client';
import { DIALECTS, startServerWithThreeUsers, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

const t = CHAT_TEXTS.pins;
type Pin = {
  message_id: number;
  username: string;
  message: string;
  pinned_by: string | null;
  hidden?: string | null;
};

describe.each(DIALECTS)('pinned messages on %s', (dialect) => {
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

  const send = async (c: TestClient, room: number, content: string) =>
    (await c.post(`/api/rooms/${room}/messages/`, { content })).json as { id: number };
  const del = (c: TestClient, path: string) => c.request('DELETE', path);
  const pins = async (c: TestClient, room: number) =>
    ((await c.get(`/api/rooms/${room}/pins/`)).json as { pins: Pin[] }).pins;
  /** A members-only room Alice owns, with Bob as a plain member. */
  const ownedRoom = () => createPrivateRoom(server.ctx, aliceName, [bobName]);

  it('lets the owner pin; every reader lists it, newest first, and the room hears it live', async () => {
    const room = await ownedRoom();
    const first = await send(bob, room.id, '**Exam** on Friday');
    const second = await send(alice, room.id, 'Bring a calculator');
    const socket = await openReadySocket(server.baseUrl, bob, room.id);

    const pinned = await alice.post(`/api/messages/${first.id}/pin/`);
    expect(pinned.status).toBe(201);
    expect(pinned.json).toMatchObject({
      message_id: first.id,
      room: room.id,
      username: bobName,
      message: '**Exam** on Friday',
      pinned_by: aliceName,
      is_bot: false,
      attachment_count: 0,
    });
    expect((await socket.next((f) => f.type === 'message_pinned')).pin).toEqual(pinned.json);
    await alice.post(`/api/messages/${second.id}/pin/`);
    expect((await pins(bob, room.id)).map((p) => p.message_id)).toEqual([second.id, first.id]);

    // Pinning again answers the pin and announces nothing.
    const again = await alice.post(`/api/messages/${first.id}/pin/`);
    expect(again.status).toBe(200);
    await socket.next((f) => f.type === 'message_pinned');
    expect(await socket.nothing((f) => f.type === 'message_pinned')).toBe(true);

    const unpinned = await del(alice, `/api/messages/${first.id}/pin/`);
    expect(unpinned.json).toEqual({ message_id: first.id, room: room.id });
    expect(await socket.next((f) => f.type === 'message_unpinned')).toMatchObject({ message_id: first.id });
    expect((await pins(bob, room.id)).map((p) => p.message_id)).toEqual([second.id]);
    expect((await del(alice, `/api/messages/${first.id}/pin/`)).status).toBe(200);
    await socket.close();
  });

  it('marks the pins of an author the reader blocked or muted, for that reader only', async () => {
    const blocker = await newUser(server, 'blocker');
    const muter = await newUser(server, 'muter');
    const room = await createPrivateRoom(server.ctx, aliceName, [bobName, blocker.name, muter.name]);
    const message = await send(bob, room.id, 'Notes are in the drive');
    expect((await alice.post(`/api/messages/${message.id}/pin/`)).status).toBe(201);
    expect((await blocker.client.post(`/api/users/${bobName}/block/`)).status).toBe(200);
    expect((await muter.client.post(`/api/users/${bobName}/mute/`)).status).toBe(200);

    expect((await pins(blocker.client, room.id))[0]).toMatchObject({
      message_id: message.id,
      hidden: 'blocked',
    });
    expect((await pins(muter.client, room.id))[0]).toMatchObject({ message_id: message.id, hidden: 'muted' });
    expect((await pins(alice, room.id))[0]).toMatchObject({ message_id: message.id, hidden: null });
  });

  it('says who may pin in the room detail: the owner yes, a member no', async () => {
    const room = await ownedRoom();
    expect((await alice.get(`/api/rooms/${room.id}/`)).json.can_pin).toBe(true);
    expect((await bob.get(`/api/rooms/${room.id}/`)).json.can_pin).toBe(false);
  });

  it('refuses a member without the right with 403, and changes nothing', async () => {
    const room = await ownedRoom();
    const message = await send(alice, room.id, 'mine to pin');
    const res = await bob.post(`/api/messages/${message.id}/pin/`);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(t.cannotPin);
    await alice.post(`/api/messages/${message.id}/pin/`);
    expect((await del(bob, `/api/messages/${message.id}/pin/`)).status).toBe(403);
    expect(await pins(alice, room.id)).toHaveLength(1);
  });

  it('treats a stranger of a members-only room as if nothing existed there', async () => {
    const room = await ownedRoom();
    const message = await send(alice, room.id, 'members only');
    await alice.post(`/api/messages/${message.id}/pin/`);
    expect((await carol.get(`/api/rooms/${room.id}/pins/`)).status).toBe(403);
    expect((await carol.post(`/api/messages/${message.id}/pin/`)).status).toBe(404);
    expect((await del(carol, `/api/messages/${message.id}/pin/`)).status).toBe(404);
    expect((await new TestClient(server.baseUrl).get(`/api/rooms/${room.id}/pins/`)).status).toBe(401);
    expect(await pins(alice, room.id)).toHaveLength(1);
  });

  it('shuts a banned user out of a public room’s pins', async () => {
    const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, carolName) });
    await addMember(server.ctx, room.id, carolName, 'owner');
    const message = await send(alice, room.id, 'public words');
    expect((await carol.post(`/api/messages/${message.id}/pin/`)).status).toBe(201);
    expect(await pins(bob, room.id)).toHaveLength(1);
    await server.ctx.db
      .insertInto('room_bans')
      .values({
        room_id: room.id,
        user_id: await userId(server.ctx, bobName),
        ends_at: null,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await bob.get(`/api/rooms/${room.id}/pins/`)).status).toBe(403);
    expect((await bob.post(`/api/messages/${message.id}/pin/`)).status).toBe(404);
    expect((await del(bob, `/api/messages/${message.id}/pin/`)).status).toBe(404);
  });

  it('lets a group’s creator pin but not its other members; in a DM both people pin', async () => {
    const group = (await alice.post('/api/dms/groups/', { name: 'Pins', usernames: [bobName] })).json as {
      room: number;
    };
    const inGroup = await send(bob, group.room, 'group note');
    expect((await bob.post(`/api/messages/${inGroup.id}/pin/`)).status).toBe(403);
    expect((await alice.post(`/api/messages/${inGroup.id}/pin/`)).status).toBe(201);

    const dm = (await alice.post('/api/dms/', { username: bobName })).json as { room: number };
    const inDm = await send(alice, dm.room, 'dm note');
    expect((await bob.get(`/api/rooms/${dm.room}/`)).json.can_pin).toBe(true);
    expect((await bob.post(`/api/messages/${inDm.id}/pin/`)).status).toBe(201);
    expect((await carol.get(`/api/rooms/${dm.room}/pins/`)).status).toBe(404);
  });

  it('takes no pin or unpin in a DM from the person its other member blocked', async () => {
    const [blocker, blocked] = [await newUser(server, 'pinblk'), await newUser(server, 'pinx')];
    const dm = (await blocker.client.post('/api/dms/', { username: blocked.name })).json as { room: number };
    const note = await send(blocker.client, dm.room, 'our plan');
    expect((await blocked.client.post(`/api/messages/${note.id}/pin/`)).status).toBe(201);
    expect((await blocker.client.post(`/api/users/${blocked.name}/block/`)).status).toBe(200);

    const unpin = await del(blocked.client, `/api/messages/${note.id}/pin/`);
    expect(unpin.status).toBe(403);
    expect(unpin.json.error).toBe(BLOCKS_TEXTS.cannotMessage);
    expect((await pins(blocker.client, dm.room)).map((p) => p.message_id)).toEqual([note.id]);
    expect((await del(blocker.client, `/api/messages/${note.id}/pin/`)).status).toBe(200);
    const pin = await blocked.client.post(`/api/messages/${note.id}/pin/`);
    expect(pin.status).toBe(403);
    expect(pin.json.error).toBe(BLOCKS_TEXTS.cannotMessage);
    expect(await pins(blocker.client, dm.room)).toEqual([]);
  });

  it('unpins a message when it is deleted, and refuses to pin a deleted one', async () => {
    const room = await ownedRoom();
    const message = await send(bob, room.id, 'soon gone');
    await alice.post(`/api/messages/${message.id}/pin/`);
    const socket = await openReadySocket(server.baseUrl, alice, room.id);
    expect((await del(bob, `/api/messages/${message.id}/`)).status).toBe(200);
    await socket.next((f) => f.type === 'message_deleted' && f.id === message.id);
    expect(await pins(alice, room.id)).toEqual([]);
    const res = await alice.post(`/api/messages/${message.id}/pin/`);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(CHAT_TEXTS.chat.wasDeleted);
    await socket.close();
  });

  it(`holds at most ${CHAT_LIMITS.pinsPerRoom} pins per room`, async () => {
    const room = await ownedRoom();
    const ids: number[] = [];
    for (let i = 0; i <= CHAT_LIMITS.pinsPerRoom; i++) ids.push((await send(alice, room.id, `note ${i}`)).id);
    for (const id of ids.slice(0, -1))
      expect((await alice.post(`/api/messages/${id}/pin/`)).status).toBe(201);
    const over = await alice.post(`/api/messages/${ids.at(-1)}/pin/`);
    expect(over.status).toBe(409);
    expect(over.json.error).toBe(t.tooMany);
    expect(await pins(alice, room.id)).toHaveLength(CHAT_LIMITS.pinsPerRoom);
    // Unpinning one makes room for another.
    await del(alice, `/api/messages/${ids[0]}/pin/`);
    expect((await alice.post(`/api/messages/${ids.at(-1)}/pin/`)).status).toBe(201);
  });

  it('answers 404 for a message that does not exist', async () => {
    expect((await alice.post('/api/messages/999999999/pin/')).status).toBe(404);
    expect((await alice.post('/api/messages/abc/pin/')).status).toBe(404);
  });
});
