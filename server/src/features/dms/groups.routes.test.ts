import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS_TEXTS, DMS_LIMITS, DMS_TEXTS, roomDetail } from '@studium/protocol';
import { newUser, TestClient, type NewUser } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket, type Frame } from '../../../test/ws-client';

const t = DMS_TEXTS;

describe.each(DIALECTS)('managing a group conversation on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { CONVERSATION_RATE_LIMIT: '1000/100' });
  });
  afterAll(async () => server?.close());

  const makeGroup = async (owner: NewUser, members: NewUser[]) => {
    const res = await owner.client.post('/api/dms/groups/', {
      name: 'Exam prep',
      usernames: members.map((m) => m.name),
    });
    expect(res.status).toBe(201);
    return res.json.room as number;
  };
  const detail = async (client: TestClient, room: number) =>
    roomDetail.parse((await client.get(`/api/rooms/${room}/`)).json);
  const rooms = async (user: NewUser) =>
    (await user.client.get('/api/dms/')).json.conversations as Array<{ room: number; members: string[] }>;
  const add = (by: NewUser, room: number, usernames: string[]) =>
    by.client.post(`/api/dms/groups/${room}/members/`, { usernames });
  const changed = (room: number, change: string) => (f: Frame) =>
    f.type === 'room_changed' && f.room === room && f.change === change;

  it('answers 401 to a visitor and 403 without the CSRF token', async () => {
    const [owner, mate] = [await newUser(server, 'own'), await newUser(server, 'mate')];
    const room = await makeGroup(owner, [mate]);
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.post(`/api/dms/groups/${room}/leave/`)).status).toBe(401);
    expect((await anon.post(`/api/dms/groups/${room}/members/`, { usernames: ['x'] })).status).toBe(401);
    expect((await mate.client.post(`/api/dms/groups/${room}/leave/`, {}, { csrf: false })).status).toBe(403);
  });

  it('sends can_add_members to the owner only and can_leave to every member of a group, neither in a DM', async () => {
    const [owner, mate, other] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'dm'),
    ];
    const room = await makeGroup(owner, [mate]);
    expect(await detail(owner.client, room)).toMatchObject({ can_add_members: true, can_leave: true });
    expect(await detail(mate.client, room)).toMatchObject({ can_add_members: false, can_leave: true });
    const dm = (await owner.client.post('/api/dms/', { username: other.name })).json.room as number;
    expect(await detail(owner.client, dm)).toMatchObject({ can_add_members: false, can_leave: false });
    expect((await owner.client.post(`/api/dms/groups/${dm}/leave/`)).status).toBe(403);
    expect((await add(owner, dm, [mate.name])).status).toBe(403);
  });

  it('lets the owner add people, who see the group appear live; the others see who joined', async () => {
    const [owner, mate, newcomer] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'new'),
    ];
    const room = await makeGroup(owner, [mate]);
    const { socket: newcomerSocket } = await openReadyNotificationSocket(server.baseUrl, newcomer.client);
    const { socket: mateSocket } = await openReadyNotificationSocket(server.baseUrl, mate.client);
    const res = await add(owner, room, [newcomer.name]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ room, members: expect.arrayContaining([mate.name, newcomer.name]) });
    expect(await newcomerSocket.next(changed(room, 'joined'))).toMatchObject({ name: 'Exam prep' });
    expect(await newcomerSocket.next((f) => f.type === 'notification.created')).toMatchObject({
      notification: { kind: 'group_added', room },
    });
    await mateSocket.next(changed(room, 'members'));
    expect((await rooms(newcomer)).map((c) => c.room)).toContain(room);
    expect((await rooms(mate)).find((c) => c.room === room)?.members).toContain(newcomer.name);
    // The newcomer reads and writes in it.
    expect((await newcomer.client.post(`/api/rooms/${room}/messages/`, { content: 'Hi all' })).status).toBe(
      201,
    );
    await Promise.all([newcomerSocket.close(), mateSocket.close()]);
  });

  it('refuses a member who is not the owner, a stranger, and adds nobody', async () => {
    const [owner, mate, stranger, target] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'str'),
      await newUser(server, 'tgt'),
    ];
    const room = await makeGroup(owner, [mate]);
    const byMate = await add(mate, room, [target.name]);
    expect(byMate.status).toBe(403);
    expect(byMate.json.error).toBe(t.onlyOwnerAdds);
    // A stranger cannot even tell that the group exists.
    const byStranger = await add(stranger, room, [stranger.name]);
    expect(byStranger.status).toBe(404);
    expect((await stranger.client.post(`/api/dms/groups/${room}/leave/`)).status).toBe(404);
    expect((await target.client.get(`/api/rooms/${room}/`)).status).not.toBe(200);
    expect((await rooms(target)).map((c) => c.room)).not.toContain(room);
  });

  it('refuses to add someone who blocked the owner, an unknown name, a member again, and nobody is added', async () => {
    const [owner, mate, blocker, fine] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'blk'),
      await newUser(server, 'fine'),
    ];
    const room = await makeGroup(owner, [mate]);
    expect((await blocker.client.post(`/api/users/${owner.name}/block/`)).status).toBeLessThan(300);
    const blocked = await add(owner, room, [fine.name, blocker.name]);
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toBe(BLOCKS_TEXTS.cannotAdd([blocker.name]));
    const unknown = await add(owner, room, [fine.name, 'nobody_here_at_all']);
    expect(unknown.json.error).toBe(t.unknownMembers(['nobody_here_at_all']));
    const again = await add(owner, room, [mate.name]);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(t.alreadyMembers([mate.name]));
    expect((await rooms(fine)).map((c) => c.room)).not.toContain(room);
    expect((await rooms(blocker)).map((c) => c.room)).not.toContain(room);
  });

  // Twenty-three accounts to register: more than a usual test's time on a busy machine.
  it('keeps a group within its size: the owner and 20 others', async () => {
    const owner = await newUser(server, 'own');
    const first = [];
    for (let i = 0; i < DMS_LIMITS.groupMembersMax - 1; i++) first.push(await newUser(server, `m${i}`));
    const room = await makeGroup(owner, first);
    const [last, extra] = [await newUser(server, 'last'), await newUser(server, 'extra')];
    const over = await add(owner, room, [last.name, extra.name]);
    expect(over.status).toBe(400);
    expect(over.json.error).toBe(t.groupFull);
    expect((await add(owner, room, [last.name])).status).toBe(200);
    expect((await add(owner, room, [extra.name])).json.error).toBe(t.groupFull);
    // The schema bounds one call too.
    const many = Array.from({ length: DMS_LIMITS.groupMembersMax + 1 }, (_, i) => `someone_${i}`);
    expect((await add(owner, room, many)).json.error).toBe(t.tooManyMembers);
  }, 120_000);

  it('lets a member leave: the group leaves their list and their open room, the others see it live', async () => {
    const [owner, mate, third] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'third'),
    ];
    const room = await makeGroup(owner, [mate, third]);
    const { socket: mateNotes } = await openReadyNotificationSocket(server.baseUrl, mate.client);
    const { socket: ownerNotes } = await openReadyNotificationSocket(server.baseUrl, owner.client);
    const mateRoom = await openReadySocket(server.baseUrl, mate.client, room);
    const res = await mate.client.post(`/api/dms/groups/${room}/leave/`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ room });
    await mateNotes.next(changed(room, 'left'));
    await ownerNotes.next(changed(room, 'members'));
    expect((await mateRoom.closed).code).toBeGreaterThanOrEqual(4000);
    expect((await rooms(mate)).map((c) => c.room)).not.toContain(room);
    expect((await rooms(owner)).find((c) => c.room === room)?.members).toEqual([third.name]);
    expect((await mate.client.get(`/api/rooms/${room}/messages/`)).status).not.toBe(200);
    expect(
      (await mate.client.post(`/api/rooms/${room}/messages/`, { content: 'still here?' })).status,
    ).not.toBe(201);
    // Leaving again finds nothing to leave.
    expect((await mate.client.post(`/api/dms/groups/${room}/leave/`)).status).toBe(404);
    // The owner can add them back.
    expect((await add(owner, room, [mate.name])).status).toBe(200);
    await Promise.all([mateNotes.close(), ownerNotes.close()]);
  });

  it('hands the group on when its owner deletes their account, and the others see it live', async () => {
    const [owner, first, second] = [
      await newUser(server, 'gone'),
      await newUser(server, 'first'),
      await newUser(server, 'second'),
    ];
    const room = await makeGroup(owner, [first, second]);
    const { socket } = await openReadyNotificationSocket(server.baseUrl, first.client);
    expect((await owner.client.post(`/api/profile/delete/${owner.name}/`)).status).toBe(200);
    expect(await socket.next(changed(room, 'members'))).toMatchObject({ change: 'members' });
    const after = await detail(first.client, room);
    expect([first.name, second.name]).toContain(after.owner_username);
    const heir = after.owner_username === first.name ? first : second;
    expect(await detail(heir.client, room)).toMatchObject({ can_add_members: true });
    expect((await add(heir, room, [(await newUser(server, 'third')).name])).status).toBe(200);
    await socket.close();
  });

  it('hands the group on when its owner leaves, and an empty group is read by nobody', async () => {
    const [owner, first, second] = [
      await newUser(server, 'own'),
      await newUser(server, 'first'),
      await newUser(server, 'second'),
    ];
    const room = await makeGroup(owner, [first, second]);
    expect((await owner.client.post(`/api/dms/groups/${room}/leave/`)).status).toBe(200);
    const after = await detail(first.client, room);
    expect(after).toMatchObject({ can_add_members: true, owner_username: expect.any(String) });
    expect([first.name, second.name]).toContain(after.owner_username);
    const heir = after.owner_username === first.name ? first : second;
    const other = heir === first ? second : first;
    expect(await detail(other.client, room)).toMatchObject({ can_add_members: false });
    expect((await add(heir, room, [owner.name])).status).toBe(200);
    // Everyone leaves: the last one too.
    for (const user of [owner, other, heir])
      expect((await user.client.post(`/api/dms/groups/${room}/leave/`)).status).toBe(200);
    for (const user of [owner, other, heir])
      expect((await user.client.get(`/api/rooms/${room}/`)).status).not.toBe(200);
  });
});
