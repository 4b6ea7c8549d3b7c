import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_TEXTS } from '@studium/protocol';
import { addMember, createRoom, isMember, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const t = MODERATION_TEXTS;

type QueueReport = {
  id: number;
  kind: string;
  can_warn: boolean;
  can_ban: boolean;
  can_remove_user: boolean;
};
type Note = { kind: string; text: string; room: number | null; actor: string | null };

describe.each(DIALECTS)('warning a reported user on %s', (dialect) => {
  let server: TestServer;
  let operator: TestClient;
  let owner: TestClient;
  let reporter: TestClient;
  let target: TestClient;
  let ownerName: string;
  let reporterName: string;
  let targetName: string;

  beforeAll(async () => {
    const operatorName = uniqueName('Op');
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      REPORT_RATE_LIMIT: '1000/100',
      ADMIN_USERNAMES: operatorName,
    });
    operator = new TestClient(server.baseUrl);
    await operator.signUp(operatorName);
    owner = new TestClient(server.baseUrl);
    ownerName = await owner.signUp(uniqueName('owner'));
    reporter = new TestClient(server.baseUrl);
    reporterName = await reporter.signUp(uniqueName('rep'));
    target = new TestClient(server.baseUrl);
    targetName = await target.signUp(uniqueName('target'));
  });
  afterAll(async () => server?.close());

  const queued = async (client: TestClient, id: number) =>
    ((await client.get('/api/moderation/reports/')).json.reports as QueueReport[]).find((r) => r.id === id);
  const warnings = async () =>
    ((await target.get('/api/notifications/')).json.notifications as Note[]).filter(
      (n) => n.kind === 'warning',
    );

  it('offers an operator Warn on a report about a user (no room: no ban or removal)', async () => {
    const report = await reporter.post('/api/reports/', { username: targetName, reason: 'harassment' });
    expect(report.status).toBe(201);
    expect(await queued(operator, report.json.id as number)).toMatchObject({
      kind: 'user',
      can_warn: true,
      can_ban: false,
      can_remove_user: false,
    });
    const id = report.json.id as number;
    expect((await operator.post(`/api/moderation/reports/${id}/action/`, { action: 'dismiss' })).status).toBe(
      200,
    );
  });

  it('warns: the reported user alone is notified with the reason, the report closes and is logged', async () => {
    const report = await reporter.post('/api/reports/', { username: targetName, reason: 'hate' });
    expect(report.status).toBe(201);
    const id = report.json.id as number;
    const before = (await warnings()).length;
    // Not for anyone but its moderators: a stranger's warn is a 404, and nothing is sent.
    expect((await owner.post(`/api/moderation/reports/${id}/action/`, { action: 'warn' })).status).toBe(404);
    expect(await warnings()).toHaveLength(before);

    const res = await operator.post(`/api/moderation/reports/${id}/action/`, { action: 'warn' });
    expect(res.status).toBe(200);
    expect(res.json.entry).toMatchObject({ action: 'warn', target_username: targetName, room: null });
    const notes = await warnings();
    expect(notes).toHaveLength(before + 1);
    expect(notes.find((n) => n.text === t.warnedNotification(t.reasons.hate))).toMatchObject({ room: null });
    expect(await queued(operator, id)).toBeUndefined();
    const handled = (await reporter.get('/api/notifications/')).json.notifications as Note[];
    expect(handled.some((n) => n.kind === 'report_handled')).toBe(true);
  });

  it('lets a room owner warn the author of a reported message, who stays a member', async () => {
    const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, ownerName) });
    await addMember(server.ctx, room.id, ownerName, 'owner');
    await addMember(server.ctx, room.id, targetName, 'member');
    await addMember(server.ctx, room.id, reporterName, 'member');
    const sent = await target.post(`/api/rooms/${room.id}/messages/`, { content: 'rude words' });
    const report = await reporter.post('/api/reports/', {
      message_id: sent.json.id,
      reason: 'inappropriate',
    });
    const id = report.json.id as number;
    expect(await queued(owner, id)).toMatchObject({ can_warn: true, can_ban: true });
    expect((await owner.post(`/api/moderation/reports/${id}/action/`, { action: 'warn' })).status).toBe(200);
    expect((await warnings()).map((n) => n.text)).toContain(t.warnedNotification(t.reasons.inappropriate));
    expect(await isMember(server.ctx, room.id, targetName)).toBe(true);
  });

  it('never names the moderator to the warned user or the reporter, live or listed', async () => {
    const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, ownerName) });
    await addMember(server.ctx, room.id, ownerName, 'owner');
    await addMember(server.ctx, room.id, targetName, 'member');
    await addMember(server.ctx, room.id, reporterName, 'member');
    const sent = await target.post(`/api/rooms/${room.id}/messages/`, { content: 'more rude words' });
    const id = (await reporter.post('/api/reports/', { message_id: sent.json.id, reason: 'spam' })).json
      .id as number;
    const { socket: targetTab } = await openReadyNotificationSocket(server.baseUrl, target);
    const { socket: reporterTab } = await openReadyNotificationSocket(server.baseUrl, reporter);
    expect((await owner.post(`/api/moderation/reports/${id}/action/`, { action: 'warn' })).status).toBe(200);
    const warned = await targetTab.next((f) => f.type === 'notification.created');
    const handled = await reporterTab.next((f) => f.type === 'notification.created');
    expect(warned.notification).toMatchObject({ kind: 'warning', actor: null });
    expect(handled.notification).toMatchObject({ kind: 'report_handled', actor: null });
    const listed = [
      ...((await target.get('/api/notifications/')).json.notifications as Note[]),
      ...((await reporter.get('/api/notifications/')).json.notifications as Note[]),
    ].filter((n) => n.kind === 'warning' || n.kind === 'report_handled');
    expect(listed.length).toBeGreaterThanOrEqual(2);
    for (const n of listed) expect(n.actor).toBeNull();
    expect(JSON.stringify(listed)).not.toContain(ownerName);
    await Promise.all([targetTab.close(), reporterTab.close()]);
  });

  it('offers no Warn on a report about oneself, and refuses it', async () => {
    const room = await createRoom(server.ctx, { owner_id: await userId(server.ctx, ownerName) });
    await addMember(server.ctx, room.id, ownerName, 'owner');
    await addMember(server.ctx, room.id, reporterName, 'member');
    const sent = await owner.post(`/api/rooms/${room.id}/messages/`, { content: 'my own words' });
    const report = await reporter.post('/api/reports/', { message_id: sent.json.id, reason: 'spam' });
    const id = report.json.id as number;
    expect(await queued(owner, id)).toMatchObject({ can_warn: false });
    expect((await owner.post(`/api/moderation/reports/${id}/action/`, { action: 'warn' })).status).toBe(403);
  });
});
