import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS_TEXTS, CHAT_TEXTS, DMS_TEXTS, roomDetail } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, isMember, userId } from '../../../test/factories';
import { newUser, TestClient, uniqueName, type NewUser } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const t = CHAT_TEXTS.rooms;

describe.each(DIALECTS)('adding people to a members-only room on %s', (dialect) => {
  let server: TestServer;
  let operator: NewUser;
  beforeAll(async () => {
    const operatorName = uniqueName('Op');
    server = await startTestServer(dialect, {
      CONVERSATION_RATE_LIMIT: '1000/100',
      MESSAGE_RATE_LIMIT: '1000/100',
      REPORT_RATE_LIMIT: '1000/100',
      ADMIN_USERNAMES: operatorName.toLowerCase(),
    });
    const client = new TestClient(server.baseUrl);
    operator = { client, name: await client.signUp(operatorName) };
  });
  afterAll(async () => server?.close());

  const add = (by: NewUser, room: number, usernames: string[]) =>
    by.client.post(`/api/rooms/${room}/members/`, { usernames });
  const detail = async (user: NewUser, room: number) =>
    roomDetail.parse((await user.client.get(`/api/rooms/${room}/`)).json);
  const reads = async (user: NewUser, room: number) =>
    (await user.client.get(`/api/rooms/${room}/messages/`)).status;
  /** A members-only room of `owner` with `members` besides. */
  const closedRoom = async (owner: NewUser, members: NewUser[] = []) =>
    (
      await createPrivateRoom(
        server.ctx,
        owner.name,
        members.map((m) => m.name),
      )
    ).id;
  /** A moderator's action on a report of `target`'s message in the room. */
  const actOn = async (
    moderator: NewUser,
    reporter: NewUser,
    target: NewUser,
    room: number,
    action: object,
  ) => {
    const message = await target.client.post(`/api/rooms/${room}/messages/`, { content: 'rude words' });
    expect(message.status).toBe(201);
    const report = await reporter.client.post('/api/reports/', {
      message_id: message.json.id,
      reason: 'spam',
    });
    expect(report.status).toBe(201);
    const res = await moderator.client.post(`/api/moderation/reports/${report.json.id}/action/`, action);
    expect(res.status).toBe(200);
  };

  it('answers 401 to a visitor and 403 without the CSRF token', async () => {
    const owner = await newUser(server, 'own');
    const room = await closedRoom(owner);
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.post(`/api/rooms/${room}/members/`, { usernames: ['x'] })).status).toBe(401);
    const res = await owner.client.post(`/api/rooms/${room}/members/`, { usernames: ['x'] }, { csrf: false });
    expect(res.status).toBe(403);
  });

  it('lets the owner add someone, who reads the room, sees it live and is notified', async () => {
    const [owner, newcomer] = [await newUser(server, 'own'), await newUser(server, 'new')];
    const room = await closedRoom(owner);
    expect(await reads(newcomer, room)).toBe(403);
    expect((await newcomer.client.post(`/api/rooms/${room}/join/`)).status).toBe(403);
    const { socket } = await openReadyNotificationSocket(server.baseUrl, newcomer.client);
    const res = await add(owner, room, [newcomer.name]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ room, members: [newcomer.name] });
    expect(
      await socket.next((f) => f.type === 'room_changed' && f.room === room && f.change === 'joined'),
    ).toMatchObject({ name: expect.stringMatching(/^Room /) });
    expect(await socket.next((f) => f.type === 'notification.created')).toMatchObject({
      notification: { kind: 'group_added', room, actor: owner.name },
    });
    await socket.close();
    expect(await reads(newcomer, room)).toBe(200);
    expect(await detail(newcomer, room)).toMatchObject({ member: true, can_read: true, can_write: true });
    const notes = (await newcomer.client.get('/api/notifications/')).json.notifications as Array<{
      kind: string;
      room: number;
      is_withheld?: boolean;
    }>;
    expect(notes).toContainEqual(expect.objectContaining({ kind: 'group_added', room }));
    expect(notes.find((n) => n.room === room)?.is_withheld).not.toBe(true);
  });

  it('gives can_add_members to the owner and operators of a members-only room only', async () => {
    const [owner, mate, stranger] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'str'),
    ];
    const room = await closedRoom(owner, [mate]);
    expect(await detail(owner, room)).toMatchObject({ can_add_members: true });
    expect(await detail(operator, room)).toMatchObject({ can_add_members: true });
    expect(await detail(mate, room)).toMatchObject({ can_add_members: false });
    expect(await detail(stranger, room)).toMatchObject({ can_add_members: false });
    const open = await createRoom(server.ctx, { owner_id: await userId(server.ctx, owner.name) });
    await addMember(server.ctx, open.id, owner.name, 'owner');
    expect(await detail(owner, open.id)).toMatchObject({ can_add_members: false, can_join: false });
    expect(await detail(operator, open.id)).toMatchObject({ can_add_members: false });
  });

  it('refuses a member who is not the owner and a stranger, and adds nobody', async () => {
    const [owner, mate, stranger, target] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'str'),
      await newUser(server, 'tgt'),
    ];
    const room = await closedRoom(owner, [mate]);
    for (const by of [mate, stranger]) {
      const res = await add(by, room, [target.name]);
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.onlyOwnerAdds);
    }
    expect((await add(stranger, room, [stranger.name])).status).toBe(403);
    expect(await isMember(server.ctx, room, target.name)).toBe(false);
    expect(await isMember(server.ctx, room, stranger.name)).toBe(false);
  });

  it('lets an operator add people to a members-only room they are not in', async () => {
    const [owner, newcomer] = [await newUser(server, 'own'), await newUser(server, 'new')];
    const room = await closedRoom(owner);
    const res = await add(operator, room, [newcomer.name]);
    expect(res.status).toBe(200);
    expect(res.json.members).toEqual(expect.arrayContaining([owner.name, newcomer.name]));
    expect(await reads(newcomer, room)).toBe(200);
  });

  it('refuses to add anyone to a publicly readable room: people join it themselves', async () => {
    const [owner, newcomer] = [await newUser(server, 'own'), await newUser(server, 'new')];
    const open = await createRoom(server.ctx, { owner_id: await userId(server.ctx, owner.name) });
    await addMember(server.ctx, open.id, owner.name, 'owner');
    for (const by of [owner, operator]) {
      const res = await add(by, open.id, [newcomer.name]);
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.joinsThemselves);
    }
    expect(await isMember(server.ctx, open.id, newcomer.name)).toBe(false);
  });

  it('refuses an unknown name, someone who blocked the owner, a member again, and adds nobody', async () => {
    const [owner, mate, blocker, fine] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'blk'),
      await newUser(server, 'fine'),
    ];
    const room = await closedRoom(owner, [mate]);
    expect((await blocker.client.post(`/api/users/${owner.name}/block/`)).status).toBeLessThan(300);
    const blocked = await add(owner, room, [fine.name, blocker.name]);
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toBe(BLOCKS_TEXTS.cannotAdd([blocker.name]));
    const unknown = await add(owner, room, [fine.name, 'nobody_here_at_all']);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe(DMS_TEXTS.unknownMembers(['nobody_here_at_all']));
    const again = await add(owner, room, [fine.name, mate.name]);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(t.alreadyMembers([mate.name]));
    expect((await add(owner, room, [])).json.error).toBe(t.membersRequired);
    expect((await add(owner, room, [fine.name, fine.name.toUpperCase()])).json.error).toBe(
      t.duplicateMembers,
    );
    expect(await isMember(server.ctx, room, fine.name)).toBe(false);
    expect(await isMember(server.ctx, room, blocker.name)).toBe(false);
  });

  it('adds back a member a moderator removed, who reads the room again', async () => {
    const [owner, reporter, removed] = [
      await newUser(server, 'own'),
      await newUser(server, 'rep'),
      await newUser(server, 'rem'),
    ];
    const room = await closedRoom(owner, [reporter, removed]);
    await actOn(owner, reporter, removed, room, { action: 'remove_user' });
    expect(await reads(removed, room)).toBe(403);
    expect((await removed.client.post(`/api/rooms/${room}/join/`)).status).toBe(403);
    expect((await add(owner, room, [removed.name])).status).toBe(200);
    expect(await reads(removed, room)).toBe(200);
    expect((await removed.client.post(`/api/rooms/${room}/messages/`, { content: 'back' })).status).toBe(201);
  });

  it('refuses a banned user until the ban is lifted, then adds them', async () => {
    const [owner, reporter, banned] = [
      await newUser(server, 'own'),
      await newUser(server, 'rep'),
      await newUser(server, 'ban'),
    ];
    const room = await closedRoom(owner, [reporter, banned]);
    await actOn(owner, reporter, banned, room, { action: 'ban', duration: '7d' });
    for (const by of [owner, operator]) {
      const refused = await add(by, room, [banned.name]);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toBe(t.bannedMembers([banned.name]));
    }
    expect(await isMember(server.ctx, room, banned.name)).toBe(false);
    const bans = (await owner.client.get('/api/moderation/bans/')).json.bans as Array<{
      id: number;
      room: { id: number };
    }>;
    const ban = bans.find((b) => b.room.id === room)!;
    expect((await owner.client.request('DELETE', `/api/moderation/bans/${ban.id}/`)).status).toBe(200);
    // Lifting the ban does not bring them back by itself: the owner adds them.
    expect(await reads(banned, room)).toBe(403);
    expect((await add(owner, room, [banned.name])).status).toBe(200);
    expect(await reads(banned, room)).toBe(200);
  });

  it('keeps the group route for groups, with its own wording', async () => {
    const [owner, mate, newcomer] = [
      await newUser(server, 'own'),
      await newUser(server, 'mate'),
      await newUser(server, 'new'),
    ];
    const made = await owner.client.post('/api/dms/groups/', { name: 'Study group', usernames: [mate.name] });
    const group = made.json.room as number;
    // The room route adds to a group too, by the same rules.
    expect((await add(mate, group, [newcomer.name])).status).toBe(403);
    expect((await add(owner, group, [newcomer.name])).status).toBe(200);
    const again = await owner.client.post(`/api/dms/groups/${group}/members/`, {
      usernames: [newcomer.name],
    });
    expect(again.json.error).toBe(DMS_TEXTS.alreadyMembers([newcomer.name]));
  });
});
