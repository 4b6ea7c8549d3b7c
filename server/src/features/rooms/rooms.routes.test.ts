import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, TEXTS, roomFields } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, isMember, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

const t = CHAT_TEXTS.rooms;

describe.each(DIALECTS)('rooms on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  let bobName: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    aliceName = await alice.signUp(uniqueName('alice'));
    bobName = await bob.signUp(uniqueName('bob'));
  });
  afterAll(async () => server?.close());

  it('answers every rooms endpoint with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    const room = await createRoom(server.ctx);
    expect((await anon.get('/api/rooms/?parent=root&kind=public')).status).toBe(401);
    expect((await anon.get(`/api/rooms/${room.id}/`)).status).toBe(401);
    expect((await anon.post(`/api/rooms/${room.id}/rename/`, { name: 'x' })).status).toBe(401);
    expect((await anon.post(`/api/rooms/${room.id}/bot-allowed/`, { is_bot_allowed: true })).status).toBe(
      401,
    );
    expect((await anon.post(`/api/rooms/${room.id}/join/`)).status).toBe(401);
  });

  describe('GET /api/rooms/', () => {
    it('lists root tree rooms, members-only ones included, and never DM or group rooms', async () => {
      const open = await createRoom(server.ctx);
      const tutors = await createPrivateRoom(server.ctx, aliceName);
      const dm = await createRoom(server.ctx, {
        kind: 'dm',
        slug: 'x',
        path: `dm:${aliceName}:${bobName}`,
        is_public_readable: 0,
      });
      const group = await createPrivateRoom(server.ctx, aliceName, [], { kind: 'group' });
      const res = await bob.get('/api/rooms/?parent=root&kind=public');
      expect(res.status).toBe(200);
      const ids = (res.json.rooms as Array<{ id: number }>).map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([open.id, tutors.id]));
      expect(ids).not.toContain(dm.id);
      expect(ids).not.toContain(group.id);
      const item = (res.json.rooms as Array<Record<string, unknown>>).find((r) => r.id === open.id);
      expect(item).toEqual({
        id: open.id,
        name: `Room ${open.path}`,
        slug: open.path,
        path: open.path,
        depth: 0,
        message_count: 0,
        last_message_at: null,
      });
    });

    it('lists the children of a room by id or by path, busiest first', async () => {
      const parent = await createRoom(server.ctx);
      const quiet = await createRoom(server.ctx, {
        parent_id: parent.id,
        depth: 1,
        slug: 'quiet',
        path: `${parent.path}.quiet`,
      });
      const busy = await createRoom(server.ctx, {
        parent_id: parent.id,
        depth: 1,
        slug: 'busy',
        path: `${parent.path}.busy`,
        message_count: 5,
      });
      for (const ref of [String(parent.id), parent.path]) {
        const res = await bob.get(`/api/rooms/?parent=${encodeURIComponent(ref)}`);
        expect((res.json.rooms as Array<{ id: number }>).map((r) => r.id)).toEqual([busy.id, quiet.id]);
      }
      expect((await bob.get('/api/rooms/?parent=999999')).json).toEqual({ rooms: [] });
    });

    it('lists every public room of the tree in one answer with scope=tree, never DM or group rooms', async () => {
      const parent = await createRoom(server.ctx);
      const child = await createRoom(server.ctx, {
        parent_id: parent.id,
        depth: 1,
        slug: 'deep',
        path: `${parent.path}.deep`,
      });
      const grandchild = await createRoom(server.ctx, {
        parent_id: child.id,
        depth: 2,
        slug: 'deeper',
        path: `${child.path}.deeper`,
      });
      const group = await createPrivateRoom(server.ctx, aliceName, [], { kind: 'group' });
      const res = await bob.get('/api/rooms/?scope=tree');
      expect(res.status).toBe(200);
      const rooms = res.json.rooms as Array<{ id: number; depth: number }>;
      const ids = rooms.map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([parent.id, child.id, grandchild.id]));
      expect(ids).not.toContain(group.id);
      // Shallow first.
      expect(rooms.map((r) => r.depth)).toEqual([...rooms.map((r) => r.depth)].sort((a, b) => a - b));
      expect((await bob.get('/api/rooms/?scope=everything')).status).toBe(400);
    });
  });

  describe('GET /api/rooms/{room}/', () => {
    it('returns every field of the room detail, by id and by path', async () => {
      const room = await createRoom(server.ctx, {
        topic: 'Loops',
        description: 'All about loops',
        is_bot_allowed: 1,
      });
      const byId = await bob.get(`/api/rooms/${room.id}/`);
      expect(byId.status).toBe(200);
      expect(byId.json).toEqual({
        id: room.id,
        name: `Room ${room.path}`,
        topic: 'Loops',
        path: room.path,
        kind: 'public',
        slug: room.path,
        depth: 0,
        description: 'All about loops',
        is_bot_allowed: true,
        is_public_readable: true,
        is_write_gated: true,
        member: false,
        can_read: true,
        can_write: true,
        can_react: true,
        can_edit_own: false,
        can_delete_own: true,
        can_delete_any: false,
        can_add_members: false,
        can_leave: false,
        can_join: true,
        joins_on_write: true,
        can_rename: false,
        can_set_bot_allowed: false,
        can_pin: false,
        owner_username: null,
        message_count: 0,
        last_message_at: null,
      });
      expect((await bob.get(`/api/rooms/${encodeURIComponent(room.path)}/`)).json).toEqual(byId.json);
    });

    it('shows a members-only tree room to a non-member without its members', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      const res = await bob.get(`/api/rooms/${room.id}/`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        member: false,
        is_public_readable: false,
        owner_username: aliceName,
        can_rename: false,
      });
      expect(res.json).not.toHaveProperty('members');
    });

    it('lists the members of a room that is not publicly readable, to its members', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const res = await bob.get(`/api/rooms/${room.id}/`);
      expect(res.json.member).toBe(true);
      expect(res.json.members).toEqual([
        { username: aliceName, display_name: aliceName, role: 'owner', is_self: false },
        { username: bobName, display_name: bobName, role: 'member', is_self: true },
      ]);
      expect((await alice.get(`/api/rooms/${room.id}/`)).json).toMatchObject({
        can_rename: true,
        can_set_bot_allowed: true,
      });
    });

    it('refuses a DM room to a non-member with 403 and answers an unknown room with 404', async () => {
      const dm = await createRoom(server.ctx, {
        kind: 'dm',
        path: `dm:${aliceName}:x${Date.now()}`,
        is_public_readable: 0,
      });
      await addMember(server.ctx, dm.id, aliceName);
      const refused = await bob.get(`/api/rooms/${dm.id}/`);
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe(t.notFound);
      expect((await alice.get(`/api/rooms/${encodeURIComponent(dm.path)}/`)).json).toMatchObject({
        kind: 'dm',
        member: true,
        can_rename: false,
      });
      const missing = await bob.get('/api/rooms/no.such.room/');
      expect(missing.status).toBe(404);
      expect(missing.json.error).toBe(t.notFound);
    });
  });

  describe('the rights of the room detail', () => {
    it('lets a non-member write in a public room that is not write-gated, without joining it', async () => {
      const room = await createRoom(server.ctx, { is_write_gated: 0 });
      const detail = await bob.get(`/api/rooms/${room.id}/`);
      expect(detail.json).toMatchObject({
        member: false,
        can_read: true,
        can_write: true,
        can_react: true,
        can_edit_own: true,
        can_join: true,
        joins_on_write: false,
      });
      expect(
        (await bob.post(`/api/rooms/${room.id}/messages/`, { content: 'hello from outside' })).status,
      ).toBe(201);
      expect(await isMember(server.ctx, room.id, bobName)).toBe(false);
    });

    it('tells a non-member of a write-gated room that writing joins it, and the first message does', async () => {
      const room = await createRoom(server.ctx);
      expect((await bob.get(`/api/rooms/${room.id}/`)).json).toMatchObject({
        can_write: true,
        can_edit_own: false,
        joins_on_write: true,
      });
      expect(
        (await bob.post(`/api/rooms/${room.id}/messages/`, { content: 'joining by writing' })).status,
      ).toBe(201);
      expect((await bob.get(`/api/rooms/${room.id}/`)).json).toMatchObject({
        member: true,
        can_edit_own: true,
        can_join: false,
        joins_on_write: false,
      });
    });

    it('gives a non-member of a members-only room no right but the details, and the server refuses the rest', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      expect((await bob.get(`/api/rooms/${room.id}/`)).json).toMatchObject({
        can_read: false,
        can_write: false,
        can_react: false,
        can_edit_own: false,
        can_join: false,
        joins_on_write: false,
      });
      expect((await bob.post(`/api/rooms/${room.id}/messages/`, { content: 'let me in' })).status).toBe(403);
      expect((await bob.post(`/api/rooms/${room.id}/join/`)).status).toBe(403);
      expect((await bob.get(`/api/rooms/${room.id}/messages/`)).status).toBe(403);
    });
  });

  describe('POST /api/rooms/{room}/rename/', () => {
    it('lets the owner rename, trimmed', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      const res = await alice.post(`/api/rooms/${room.id}/rename/`, { name: '  Study hall  ' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ id: room.id, name: 'Study hall' });
      expect((await alice.get(`/api/rooms/${room.id}/`)).json.name).toBe('Study hall');
    });

    it('keeps a name on one line, without control characters or bidirectional overrides', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      const res = await alice.post(`/api/rooms/${room.id}/rename/`, { name: 'Study\nhall\u202e \u0000' });
      expect(res.json).toEqual({ id: room.id, name: 'Study hall' });
      const blank = await alice.post(`/api/rooms/${room.id}/rename/`, { name: '\u202e\n\t' });
      expect(blank.status).toBe(400);
      expect((await alice.get(`/api/rooms/${room.id}/`)).json.name).toBe('Study hall');
    });

    it('returns 403 without can_rename, and changes nothing', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const res = await bob.post(`/api/rooms/${room.id}/rename/`, { name: 'Mine now' });
      expect(res.status).toBe(403);
      expect((await alice.get(`/api/rooms/${room.id}/`)).json.name).toBe(`Room ${room.path}`);
      const open = await createRoom(server.ctx);
      expect((await bob.post(`/api/rooms/${open.id}/rename/`, { name: 'x' })).status).toBe(403);
    });

    it('lets any member of a group room rename it, but not a non-member', async () => {
      const group = await createPrivateRoom(server.ctx, aliceName, [bobName], { kind: 'group' });
      expect((await bob.get(`/api/rooms/${group.id}/`)).json.can_rename).toBe(true);
      expect((await bob.post(`/api/rooms/${group.id}/rename/`, { name: 'Team B' })).status).toBe(200);
      const carol = new TestClient(server.baseUrl);
      await carol.signUp(uniqueName('carol'));
      expect((await carol.post(`/api/rooms/${group.id}/rename/`, { name: 'Nope' })).status).toBe(404);
    });

    it.each([
      ['   ', t.nameRequired],
      ['', t.nameRequired],
      ['x'.repeat(121), t.nameTooLong],
    ])("refuses %j with the room name rule's text", async (name, message) => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      const res = await alice.post(`/api/rooms/${room.id}/rename/`, { name });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: message, fields: { name: message } });
    });

    it('accepts exactly 120 characters', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      expect((await alice.post(`/api/rooms/${room.id}/rename/`, { name: 'y'.repeat(120) })).status).toBe(200);
    });
  });

  describe('live room updates', () => {
    it("sends room_updated with the room as everyone sees it to the room's sockets after a rename and a bot switch", async () => {
      const room = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const other = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const [here, elsewhere] = [
        await openReadySocket(server.baseUrl, bob, room.id),
        await openReadySocket(server.baseUrl, bob, other.id),
      ];
      await alice.post(`/api/rooms/${room.id}/rename/`, { name: '  Live name ' });
      const renamed = await here.next((f) => f.type === 'room_updated');
      // The detail's own fields, without the viewer's membership and rights.
      expect(renamed.room).toEqual(roomFields.parse((await bob.get(`/api/rooms/${room.id}/`)).json));
      expect(renamed.room).toMatchObject({ id: room.id, name: 'Live name', owner_username: aliceName });
      expect(renamed.room).not.toHaveProperty('can_rename');
      await alice.post(`/api/rooms/${room.id}/bot-allowed/`, { is_bot_allowed: true });
      expect(await here.next((f) => f.type === 'room_updated')).toMatchObject({
        room: { id: room.id, name: 'Live name', is_bot_allowed: true },
      });
      expect(await elsewhere.nothing((f) => f.type === 'room_updated')).toBe(true);
      await Promise.all([here.close(), elsewhere.close()]);
    });

    it('sends nothing when a rename is refused', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const socket = await openReadySocket(server.baseUrl, alice, room.id);
      expect((await bob.post(`/api/rooms/${room.id}/rename/`, { name: 'Mine' })).status).toBe(403);
      expect(await socket.nothing((f) => f.type === 'room_updated')).toBe(true);
      await socket.close();
    });
  });

  describe('POST /api/rooms/{room}/bot-allowed/', () => {
    it('lets only the owner allow bots', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      expect((await bob.post(`/api/rooms/${room.id}/bot-allowed/`, { is_bot_allowed: true })).status).toBe(
        403,
      );
      const res = await alice.post(`/api/rooms/${room.id}/bot-allowed/`, { is_bot_allowed: true });
      expect(res.json).toEqual({ id: room.id, is_bot_allowed: true });
      expect((await bob.get(`/api/rooms/${room.id}/`)).json.is_bot_allowed).toBe(true);
      expect((await alice.post(`/api/rooms/${room.id}/bot-allowed/`, { is_bot_allowed: 'yes' })).status).toBe(
        400,
      );
    });
  });

  describe('POST /api/rooms/{room}/join/', () => {
    it('joins a publicly readable room, once', async () => {
      const room = await createRoom(server.ctx);
      const res = await bob.post(`/api/rooms/${room.id}/join/`);
      expect(res.status).toBe(200);
      expect(res.json.member).toBe(true);
      expect((await bob.post(`/api/rooms/${encodeURIComponent(room.path)}/join/`)).status).toBe(200);
      expect(await isMember(server.ctx, room.id, bobName)).toBe(true);
    });

    it('refuses a members-only room with 403; a group or a DM one is not in is unknown (404)', async () => {
      const tutors = await createPrivateRoom(server.ctx, aliceName);
      const group = await createPrivateRoom(server.ctx, aliceName, [], { kind: 'group' });
      const dm = await createRoom(server.ctx, {
        kind: 'dm',
        path: `dm:${aliceName}:z${Date.now()}`,
        is_public_readable: 0,
      });
      const res = await bob.post(`/api/rooms/${tutors.id}/join/`);
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.cannotJoin);
      for (const room of [group, dm]) {
        const hidden = await bob.post(`/api/rooms/${room.id}/join/`);
        expect(hidden.status).toBe(404);
        expect(hidden.json.error).toBe(t.notFound);
      }
      expect(await isMember(server.ctx, tutors.id, bobName)).toBe(false);
      expect(await userId(server.ctx, bobName)).toBeGreaterThan(0);
    });

    it('needs the CSRF token', async () => {
      const room = await createRoom(server.ctx);
      const res = await bob.post(`/api/rooms/${room.id}/join/`, {}, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(TEXTS.server.csrfFailed);
    });
  });
});
