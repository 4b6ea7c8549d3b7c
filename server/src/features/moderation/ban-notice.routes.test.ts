import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, MODERATION_LIMITS, roomBannedResponse } from '@studium/protocol';
import { addMember, createRoom, userId } from '../../../test/factories';
import { newUser, uniqueName, type TestClient } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

describe.each(DIALECTS)('a banned user opening the room, on %s', (dialect) => {
  let server: TestServer;
  let owner: TestClient;
  let reporter: TestClient;
  let spammer: TestClient;
  let stranger: TestClient;
  let ownerName: string;
  let reporterName: string;
  let spammerName: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      REPORT_RATE_LIMIT: '1000/100',
    });
    ({ client: owner, name: ownerName } = await newUser(server, 'owner'));
    ({ client: reporter, name: reporterName } = await newUser(server, 'rep'));
    ({ client: spammer, name: spammerName } = await newUser(server, 'spam'));
    ({ client: stranger } = await newUser(server, 'stranger'));
  });
  afterAll(async () => server?.close());

  /** A room of `owner` where the spammer's message was reported; answers the room and the report. */
  async function reportedRoom(fields: Parameters<typeof createRoom>[1] = {}) {
    const room = await createRoom(server.ctx, {
      owner_id: await userId(server.ctx, ownerName),
      name: `Essays ${uniqueName('r')}`,
      ...fields,
    });
    for (const name of [ownerName, reporterName, spammerName])
      await addMember(server.ctx, room.id, name, name === ownerName ? 'owner' : 'member');
    const posted = await spammer.post(`/api/rooms/${room.id}/messages/`, { content: 'buy cheap essays' });
    const report = await reporter.post('/api/reports/', { message_id: posted.json.id, reason: 'spam' });
    expect(report.status).toBe(201);
    return { room, reportId: report.json.id as number };
  }
  const ban = (reportId: number, more: Record<string, unknown>) =>
    owner.post(`/api/moderation/reports/${reportId}/action/`, { action: 'ban', ...more });
  const roomName = async (id: number) =>
    (await server.ctx.db.selectFrom('rooms').select('name').where('id', '=', id).executeTakeFirstOrThrow())
      .name;

  it('tells the banned user the room, the reason and the end, by id and by path, and nobody else', async () => {
    const { room, reportId } = await reportedRoom({ is_write_gated: 0 });
    const res = await ban(reportId, { duration: '1d', reason: '  Advertising essays  ' });
    expect(res.status).toBe(200);
    const endsAt = (res.json.entry as { ban_ends_at: string }).ban_ends_at;

    for (const ref of [String(room.id), room.path]) {
      const detail = await spammer.get(`/api/rooms/${encodeURIComponent(ref)}/`);
      expect(detail.status).toBe(403);
      expect(roomBannedResponse.parse(detail.json)).toEqual({
        error: CHAT_TEXTS.rooms.noPermission,
        ban: {
          room: { id: room.id, name: await roomName(room.id) },
          reason: 'Advertising essays',
          ends_at: endsAt,
        },
      });
    }
    // Nobody else hears of the ban: not the owner, not someone a room refuses for another reason.
    const ownerView = await owner.get(`/api/rooms/${room.id}/`);
    expect(ownerView.status).toBe(200);
    expect(ownerView.json).not.toHaveProperty('ban');
    const group = await createRoom(server.ctx, { kind: 'group', is_public_readable: 0 });
    const refused = await stranger.get(`/api/rooms/${group.id}/`);
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ error: CHAT_TEXTS.rooms.notFound });
  });

  it('says a ban without a reason is permanent, in a members-only room too, and bounds the reason', async () => {
    const { room, reportId } = await reportedRoom({ is_public_readable: 0 });
    const tooLong = 'x'.repeat(MODERATION_LIMITS.banReasonMax + 1);
    expect((await ban(reportId, { duration: 'permanent', reason: tooLong })).status).toBe(400);
    expect((await ban(reportId, { duration: 'permanent' })).status).toBe(200);
    const detail = await spammer.get(`/api/rooms/${room.id}/`);
    expect(detail.status).toBe(403);
    expect(detail.json.ban).toEqual({
      room: { id: room.id, name: await roomName(room.id) },
      reason: '',
      ends_at: null,
    });
    // Someone else who may not read the room sees its outside, without anyone's ban.
    const outside = await stranger.get(`/api/rooms/${room.id}/`);
    expect(outside.json).toMatchObject({ can_read: false });
    expect(outside.json).not.toHaveProperty('ban');
  });
});
