import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_TEXTS, WS_CLOSE } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, isMember, userId } from '../../../test/factories';
import { newUser, TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startServerPairOnRedis, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket, openRoomSocket } from '../../../test/ws-client';

const t = MODERATION_TEXTS;

describe.each(DIALECTS)('moderation on %s', (dialect) => {
  let server: TestServer;
  let owner: TestClient;
  let reporter: TestClient;
  let spammer: TestClient;
  let stranger: TestClient;
  let operator: TestClient;
  let ownerName: string;
  let reporterName: string;
  let spammerName: string;
  let operatorName: string;

  beforeAll(async () => {
    operatorName = uniqueName('Op');
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      REPORT_RATE_LIMIT: '1000/100',
      ADMIN_USERNAMES: ` someone_else , ${operatorName.toLowerCase()}`,
    });
    ({ client: owner, name: ownerName } = await newUser(server, 'owner'));
    ({ client: reporter, name: reporterName } = await newUser(server, 'rep'));
    ({ client: spammer, name: spammerName } = await newUser(server, 'spam'));
    ({ client: stranger } = await newUser(server, 'stranger'));
    operator = new TestClient(server.baseUrl);
    await operator.signUp(operatorName);
  });
  afterAll(async () => server?.close());

  /** A public room owned by `owner` where the spammer wrote one message among others. */
  async function roomWithReportedMessage(fields: Parameters<typeof createRoom>[1] = {}) {
    const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, ownerName), ...fields });
    for (const name of [ownerName, reporterName, spammerName])
      await addMember(server.ctx, room.id, name, name === ownerName ? 'owner' : 'member');
    const say = async (client: TestClient, message: string) =>
      (await client.post(`/api/rooms/${room.id}/messages/`, { content: message })).json.id as number;
    await say(reporter, 'before');
    const messageId = await say(spammer, 'buy cheap essays');
    await say(reporter, 'after');
    const report = await reporter.post('/api/reports/', {
      message_id: messageId,
      reason: 'spam',
      details: ' ads ',
    });
    expect(report.status).toBe(201);
    return { room, messageId, reportId: report.json.id as number };
  }

  const queueIds = async (client: TestClient) => {
    const res = await client.get('/api/moderation/reports/');
    expect(res.status).toBe(200);
    return (res.json.reports as Array<{ id: number }>).map((r) => r.id);
  };

  it('answers every moderation endpoint with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.post('/api/reports/', { username: ownerName, reason: 'spam' })).status).toBe(401);
    expect((await anon.get('/api/moderation/access/')).status).toBe(401);
    expect((await anon.get('/api/moderation/reports/')).status).toBe(401);
    expect((await anon.post('/api/moderation/reports/1/action/', { action: 'dismiss' })).status).toBe(401);
    expect((await anon.get('/api/moderation/log/')).status).toBe(401);
    expect((await anon.get('/api/moderation/bans/')).status).toBe(401);
    expect((await anon.request('DELETE', '/api/moderation/bans/1/')).status).toBe(401);
  });

  describe('POST /api/reports/', () => {
    it('refuses a reason outside the list, both targets at once, and one’s own message', async () => {
      const { room } = await roomWithReportedMessage();
      expect((await reporter.post('/api/reports/', { username: spammerName, reason: 'boring' })).status).toBe(
        400,
      );
      expect(
        (await reporter.post('/api/reports/', { username: spammerName, message_id: 1, reason: 'spam' }))
          .status,
      ).toBe(400);
      const own = await reporter.post(`/api/rooms/${room.id}/messages/`, { content: 'mine' });
      const res = await reporter.post('/api/reports/', { message_id: own.json.id, reason: 'spam' });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(t.cannotReportSelf);
    });

    it('answers 404 for a message the reporter cannot read', async () => {
      const hidden = await createPrivateRoom(server.ctx, ownerName, [spammerName]);
      const msg = await spammer.post(`/api/rooms/${hidden.id}/messages/`, { content: 'secret' });
      expect((await reporter.post('/api/reports/', { message_id: msg.json.id, reason: 'spam' })).status).toBe(
        404,
      );
    });

    it('refuses a second open report of the same message by the same reporter', async () => {
      const { messageId } = await roomWithReportedMessage();
      const again = await reporter.post('/api/reports/', { message_id: messageId, reason: 'harassment' });
      expect(again.status).toBe(409);
      expect(again.json.error).toBe(t.alreadyReported);
    });

    it('is rate limited per reporter', async () => {
      const limited = await startTestServer(dialect, { REPORT_RATE_LIMIT: '2/0.001' });
      try {
        const a = new TestClient(limited.baseUrl);
        await a.signUp(uniqueName('a'));
        const targets = [];
        for (let i = 0; i < 3; i++)
          targets.push(await new TestClient(limited.baseUrl).signUp(uniqueName('t')));
        expect((await a.post('/api/reports/', { username: targets[0], reason: 'spam' })).status).toBe(201);
        expect((await a.post('/api/reports/', { username: targets[1], reason: 'spam' })).status).toBe(201);
        const third = await a.post('/api/reports/', { username: targets[2], reason: 'spam' });
        expect(third.status).toBe(429);
        expect(third.headers.get('retry-after')).toBeTruthy();
        const count = await limited.ctx.db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(2);
      } finally {
        await limited.close();
      }
    });
  });

  describe('GET /api/moderation/reports/', () => {
    it('shows a message report to the room owner, with the message in context and the reporter', async () => {
      const { reportId, messageId, room } = await roomWithReportedMessage();
      const res = await owner.get('/api/moderation/reports/');
      const report = (res.json.reports as Array<Record<string, unknown>>).find((r) => r.id === reportId)!;
      expect(report).toMatchObject({
        kind: 'message',
        reason: 'spam',
        details: 'ads',
        reporter: reporterName,
        target_username: spammerName,
        room: { id: room.id },
        message_id: messageId,
        can_delete_message: true,
        can_remove_user: true,
        can_ban: true,
      });
      const context = report.context as Array<{ message: string; is_reported: boolean }>;
      expect(context.map((m) => m.message)).toEqual(['before', 'buy cheap essays', 'after']);
      expect(context.filter((m) => m.is_reported).map((m) => m.message)).toEqual(['buy cheap essays']);
      expect((await owner.get('/api/moderation/access/')).json).toEqual({ can_moderate: true });
    });

    it("gives each of several reports its own room's neighbours and its own room's actions", async () => {
      // Two rooms written in turns, so their message ids interleave; the second one's owner is its
      // reported author.
      const { client: boss, name: bossName } = await newUser(server, 'boss');
      const a = await createRoom(server.ctx, { owner_id: await userId(server.ctx, ownerName) });
      const b = await createRoom(server.ctx, { owner_id: await userId(server.ctx, bossName) });
      await addMember(server.ctx, a.id, ownerName, 'owner');
      await addMember(server.ctx, b.id, bossName, 'owner');
      for (const [room, name] of [
        [a, reporterName],
        [a, spammerName],
        [b, reporterName],
      ] as const)
        await addMember(server.ctx, room.id, name, 'member');
      const ids = new Map<string, number>();
      for (let i = 0; i < 8; i++)
        for (const [room, prefix, author] of [
          [a, 'a', spammer],
          [b, 'b', boss],
        ] as const) {
          const by = i === 1 || i === 4 ? author : reporter;
          const res = await by.post(`/api/rooms/${room.id}/messages/`, { content: `${prefix}${i}` });
          ids.set(`${prefix}${i}`, res.json.id as number);
        }
      const reported = new Map<number, string>();
      for (const text of ['a1', 'a4', 'b4']) {
        const res = await reporter.post('/api/reports/', { message_id: ids.get(text), reason: 'spam' });
        expect(res.status).toBe(201);
        reported.set(res.json.id as number, text);
      }
      const queue = (await operator.get('/api/moderation/reports/')).json.reports as Array<{
        id: number;
        context: Array<{ message: string; is_reported: boolean }>;
        can_remove_user: boolean;
      }>;
      const seen = Object.fromEntries(
        queue
          .filter((r) => reported.has(r.id))
          .map((r) => [
            reported.get(r.id),
            {
              context: r.context.map((m) => (m.is_reported ? `[${m.message}]` : m.message)),
              canRemove: r.can_remove_user,
            },
          ]),
      );
      expect(seen).toEqual({
        // Three before and three after, fewer at the start of the room, never the other room's.
        a1: { context: ['a0', '[a1]', 'a2', 'a3', 'a4'], canRemove: true },
        a4: { context: ['a1', 'a2', 'a3', '[a4]', 'a5', 'a6', 'a7'], canRemove: true },
        // The owner of a room is never removed from it.
        b4: { context: ['b1', 'b2', 'b3', '[b4]', 'b5', 'b6', 'b7'], canRemove: false },
      });
    });

    it('shows the report to nobody else: reporter, reported user, other members and strangers see none', async () => {
      const { reportId } = await roomWithReportedMessage();
      for (const client of [reporter, spammer, stranger]) {
        expect(await queueIds(client)).not.toContain(reportId);
        expect((await client.get('/api/moderation/access/')).json).toEqual({ can_moderate: false });
      }
    });

    it('shows every report, user reports too, to an operator named in any case', async () => {
      const { reportId } = await roomWithReportedMessage();
      const user = await reporter.post('/api/reports/', {
        username: spammerName.toUpperCase(),
        reason: 'harassment',
      });
      expect(user.status).toBe(201);
      const ids = await queueIds(operator);
      expect(ids).toEqual(expect.arrayContaining([reportId, user.json.id]));
      expect(await queueIds(owner)).not.toContain(user.json.id);
      expect((await operator.get('/api/moderation/access/')).json).toEqual({ can_moderate: true });
    });
  });

  describe('POST /api/moderation/reports/{id}/action/', () => {
    it('refuses a non-owner and changes nothing', async () => {
      const { reportId, messageId, room } = await roomWithReportedMessage();
      for (const client of [reporter, spammer, stranger]) {
        for (const body of [
          { action: 'delete_message' },
          { action: 'ban', duration: 'permanent' },
          { action: 'dismiss' },
        ]) {
          const res = await client.post(`/api/moderation/reports/${reportId}/action/`, body);
          expect(res.status).toBe(404);
        }
      }
      const history = await owner.get(`/api/rooms/${room.id}/messages/`);
      const msg = (history.json.messages as Array<{ id: number; message: string }>).find(
        (m) => m.id === messageId,
      );
      expect(msg?.message).toBe('buy cheap essays');
      expect(await isMember(server.ctx, room.id, spammerName)).toBe(true);
      expect(await queueIds(owner)).toContain(reportId);
      expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status).toBe(200);
    });

    it('refuses an unknown action and a report id that is not a number', async () => {
      const { reportId } = await roomWithReportedMessage();
      expect(
        (await owner.post(`/api/moderation/reports/${reportId}/action/`, { action: 'explode' })).status,
      ).toBe(400);
      expect(
        (await owner.post(`/api/moderation/reports/${reportId}/action/`, { action: 'ban' })).status,
      ).toBe(400);
      expect((await owner.post('/api/moderation/reports/abc/action/', { action: 'dismiss' })).status).toBe(
        404,
      );
    });

    it('deletes the message, closes the report, logs the actor and notifies the reporter', async () => {
      const { reportId, messageId, room } = await roomWithReportedMessage();
      const res = await owner.post(`/api/moderation/reports/${reportId}/action/`, {
        action: 'delete_message',
      });
      expect(res.status).toBe(200);
      expect(res.json.entry).toMatchObject({
        actor: ownerName,
        action: 'delete_message',
        target_username: spammerName,
        room: { id: room.id },
        report_id: reportId,
        message_id: messageId,
      });
      const history = await reporter.get(`/api/rooms/${room.id}/messages/`);
      const msg = (
        history.json.messages as Array<{ id: number; message: string; deleted_at?: string | null }>
      ).find((m) => m.id === messageId);
      expect(msg?.message).toBe('');
      expect(msg?.deleted_at).toBeTruthy();
      expect(await queueIds(owner)).not.toContain(reportId);
      const again = await owner.post(`/api/moderation/reports/${reportId}/action/`, { action: 'dismiss' });
      expect(again.status).toBe(404);
      const notes = await reporter.get('/api/notifications/');
      const note = (notes.json.notifications as Array<Record<string, unknown>>).find(
        (n) => n.kind === 'report_handled' && n.room === room.id,
      );
      expect(note).toMatchObject({ text: t.handledNotification, room_name: expect.any(String) });
      const log = await owner.get('/api/moderation/log/');
      const entries = log.json.entries as Array<{ report_id: number; actor: string }>;
      expect(entries.find((e) => e.report_id === reportId)?.actor).toBe(ownerName);
      expect((await stranger.get('/api/moderation/log/')).json.entries).toEqual([]);
      expect(
        (await reporter.get('/api/moderation/log/')).json.entries as Array<{ report_id: number }>,
      ).not.toContainEqual(expect.objectContaining({ report_id: reportId }));
    });

    it('answers one of two moderators acting at once, and stores only that action', async () => {
      const { reportId, room } = await roomWithReportedMessage();
      const [first, second] = await Promise.all([
        owner.post(`/api/moderation/reports/${reportId}/action/`, { action: 'dismiss' }),
        operator.post(`/api/moderation/reports/${reportId}/action/`, { action: 'ban', duration: '1h' }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 404]);
      const entries = (await operator.get('/api/moderation/log/')).json.entries as Array<{
        report_id: number;
      }>;
      expect(entries.filter((e) => e.report_id === reportId)).toHaveLength(1);
      const banned = second.status === 200;
      expect(await isMember(server.ctx, room.id, spammerName)).toBe(!banned);
    });

    it('lets an operator delete a message in a room that is not theirs', async () => {
      const { reportId } = await roomWithReportedMessage();
      const res = await operator.post(`/api/moderation/reports/${reportId}/action/`, {
        action: 'delete_message',
      });
      expect(res.status).toBe(200);
      expect(res.json.entry).toMatchObject({ actor: operatorName });
    });

    it('never removes or bans the room’s owner', async () => {
      const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, ownerName) });
      await addMember(server.ctx, room.id, ownerName, 'owner');
      const msg = await owner.post(`/api/rooms/${room.id}/messages/`, { content: 'owner speaks' });
      const report = await reporter.post('/api/reports/', { message_id: msg.json.id, reason: 'other' });
      const queue = await operator.get('/api/moderation/reports/');
      const shown = (queue.json.reports as Array<{ id: number; can_ban: boolean }>).find(
        (r) => r.id === report.json.id,
      );
      expect(shown?.can_ban).toBe(false);
      const res = await operator.post(`/api/moderation/reports/${report.json.id}/action/`, {
        action: 'ban',
        duration: '1d',
      });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.cannotBanOwner);
    });

    it('removes a member from a members-only room, closes their socket and tells their lists', async () => {
      const room = await createPrivateRoom(server.ctx, ownerName, [reporterName, spammerName]);
      const msg = await spammer.post(`/api/rooms/${room.id}/messages/`, { content: 'rude' });
      const report = await reporter.post('/api/reports/', { message_id: msg.json.id, reason: 'harassment' });
      const socket = await openReadySocket(server.baseUrl, spammer, room.id);
      const { socket: notifications } = await openReadyNotificationSocket(server.baseUrl, spammer);
      const res = await owner.post(`/api/moderation/reports/${report.json.id}/action/`, {
        action: 'remove_user',
      });
      expect(res.status).toBe(200);
      expect((await socket.closed).code).toBe(WS_CLOSE.noPermission);
      expect(await notifications.next((f) => f.type === 'room_changed')).toEqual({
        type: 'room_changed',
        room: room.id,
        change: 'left',
        name: expect.stringMatching(/^Room /),
      });
      await notifications.close();
      expect(await isMember(server.ctx, room.id, spammerName)).toBe(false);
      expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status).toBe(403);
    });
  });

  describe('a ban', () => {
    it('stops the user reading, posting and rejoining a public room over HTTP and WS until it ends', async () => {
      const { room, reportId } = await roomWithReportedMessage({ is_write_gated: 0 });
      const socket = await openReadySocket(server.baseUrl, spammer, room.id);
      const res = await owner.post(`/api/moderation/reports/${reportId}/action/`, {
        action: 'ban',
        duration: '1h',
      });
      expect(res.status).toBe(200);
      const endsAt = res.json.entry as { ban_ends_at: string; action: string };
      expect(endsAt.action).toBe('ban');
      expect(Date.parse(endsAt.ban_ends_at) - Date.now()).toBeGreaterThan(3500_000);
      expect((await socket.closed).code).toBe(WS_CLOSE.noPermission);

      expect(await isMember(server.ctx, room.id, spammerName)).toBe(false);
      expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status).toBe(403);
      expect((await spammer.post(`/api/rooms/${room.id}/messages/`, { content: 'back' })).status).toBe(403);
      expect((await spammer.post(`/api/rooms/${room.id}/join/`)).status).toBe(403);
      // The room answers them with their ban (ban-notice.routes.test.ts).
      const detail = await spammer.get(`/api/rooms/${room.id}/`);
      expect(detail.status).toBe(403);
      expect(detail.json).toMatchObject({ ban: { room: { id: room.id } } });
      expect((await openRoomSocket(server.baseUrl, spammer, room.id).closed).code).toBe(
        WS_CLOSE.noPermission,
      );
      // Others are untouched.
      expect((await stranger.get(`/api/rooms/${room.id}/messages/`)).status).toBe(200);

      // The ban ends: the user reads, joins and posts again.
      await server.ctx.db
        .updateTable('room_bans')
        .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
        .where('room_id', '=', room.id)
        .execute();
      expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status).toBe(200);
      expect((await spammer.post(`/api/rooms/${room.id}/join/`)).status).toBe(200);
      expect((await spammer.post(`/api/rooms/${room.id}/messages/`, { content: 'back' })).status).toBe(201);
      const reopened = await openReadySocket(server.baseUrl, spammer, room.id);
      await reopened.close();
    });

    it('is permanent when asked, refuses new sockets, reactions and mentions, and allows a new report', async () => {
      const { room, reportId, messageId } = await roomWithReportedMessage({ is_write_gated: 0 });
      await owner.post(`/api/moderation/reports/${reportId}/action/`, {
        action: 'ban',
        duration: 'permanent',
      });
      const log = await owner.get('/api/moderation/log/');
      expect(
        (log.json.entries as Array<{ report_id: number; ban_ends_at: string | null }>).find(
          (e) => e.report_id === reportId,
        ),
      ).toMatchObject({
        ban_ends_at: null,
      });
      const socket = openRoomSocket(server.baseUrl, spammer, room.id);
      expect((await socket.closed).code).toBe(WS_CLOSE.noPermission);
      const reactTo = (await owner.post(`/api/rooms/${room.id}/messages/`, { content: 'react here' })).json
        .id as number;
      expect((await spammer.post(`/api/messages/${reactTo}/react/`, { emoji: '👍' })).status).toBe(404);

      // A mention does not reach a banned user: they read nothing of the room.
      await owner.post(`/api/rooms/${room.id}/messages/`, {
        content: `@${spammerName} see you`,
        mentions: [spammerName],
      });
      const notes = await spammer.get('/api/notifications/');
      expect(notes.json.notifications as Array<{ room: number }>).not.toContainEqual(
        expect.objectContaining({ room: room.id }),
      );

      // The report was closed: the same reporter may report the same message again.
      expect((await reporter.post('/api/reports/', { message_id: messageId, reason: 'spam' })).status).toBe(
        201,
      );
    });
  });

  describe('GET and DELETE /api/moderation/bans/', () => {
    it('lists a ban to the room’s moderators only, and lets them lift it early, logged', async () => {
      const { room, reportId } = await roomWithReportedMessage();
      await owner.post(`/api/moderation/reports/${reportId}/action/`, { action: 'ban', duration: '7d' });
      const listed = (await owner.get('/api/moderation/bans/')).json.bans as Array<{
        id: number;
        room: { id: number };
        username: string;
      }>;
      const ban = listed.find((b) => b.room.id === room.id)!;
      expect(ban.username).toBe(spammerName);
      for (const client of [reporter, spammer, stranger]) {
        expect((await client.get('/api/moderation/bans/')).json.bans).not.toContainEqual(
          expect.objectContaining({ id: ban.id }),
        );
        expect((await client.request('DELETE', `/api/moderation/bans/${ban.id}/`)).status).toBe(404);
      }
      expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status).toBe(403);

      const lifted = await owner.request('DELETE', `/api/moderation/bans/${ban.id}/`);
      expect(lifted.status).toBe(200);
      expect(lifted.json.entry).toMatchObject({
        actor: ownerName,
        action: 'lift_ban',
        target_username: spammerName,
      });
      expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status).toBe(200);
      expect((await owner.get('/api/moderation/bans/')).json.bans).not.toContainEqual(
        expect.objectContaining({ id: ban.id }),
      );
      expect((await owner.request('DELETE', `/api/moderation/bans/${ban.id}/`)).status).toBe(404);
    });
  });
});

describe('a ban across server processes', () => {
  it('closes the banned user’s socket on the other server at once', async () => {
    const pair = await startServerPairOnRedis('moderation');
    try {
      const owner = new TestClient(pair.a.baseUrl);
      const reporter = new TestClient(pair.a.baseUrl);
      const spammer = new TestClient(pair.a.baseUrl);
      const ownerName = await owner.signUp(uniqueName('owner'));
      await reporter.signUp(uniqueName('rep'));
      await spammer.signUp(uniqueName('spam'));
      const room = await createRoom(pair.a.ctx, { owner_id: await userId(pair.a.ctx, ownerName) });
      await spammer.post(`/api/rooms/${room.id}/join/`);
      const message = await spammer.post(`/api/rooms/${room.id}/messages/`, { content: 'spam' });
      const report = await reporter.post('/api/reports/', { message_id: message.json.id, reason: 'spam' });
      const socket = await openReadySocket(pair.a.baseUrl, spammer, room.id);

      const onB = new TestClient(pair.b.baseUrl);
      onB.cookies.set('sessionid', owner.cookies.get('sessionid')!);
      onB.cookies.set('csrftoken', owner.cookies.get('csrftoken')!);
      const res = await onB.post(`/api/moderation/reports/${report.json.id}/action/`, {
        action: 'ban',
        duration: '7d',
      });
      expect(res.status).toBe(200);
      expect((await socket.closed).code).toBe(WS_CLOSE.noPermission);
    } finally {
      await pair.close();
    }
  });
});
