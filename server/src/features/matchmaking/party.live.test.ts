import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activePartyResponse, type PartyPayloadInput } from '@studium/protocol';
import { newUser, TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startServerPairOnRedis, startTestServer, type TestServer } from '../../../test/test-app';
import type { Frame } from '../../../test/ws-client';

/** A user with an open party on `topic`; `teammates` are registered members besides the owner. */
async function withParty(baseUrl: string, prefix: string, topic: string, teammates: string[] = []) {
  const { client, name } = await newUser({ baseUrl }, prefix);
  const members: PartyPayloadInput['members'] = [
    { username: name, display_name: name, is_owner: true, prefs: { grades: 'Mostly As' } },
    ...teammates.map((m) => ({ username: m, display_name: m, prefs: { blurb: `I am ${m}` } })),
  ];
  const res = await client.post('/api/party/active', {
    topic_key: topic,
    target_size: 6,
    existing_member_count: members.length,
    modality: 'either',
    availability: [{ day: 'tue', start: '14:00', end: '16:00' }],
    members,
  } satisfies PartyPayloadInput);
  expect(res.status).toBe(200);
  return { client, name, partyId: activePartyResponse.parse(res.json).party!.id };
}
type Owner = Awaited<ReturnType<typeof withParty>>;

const accept = (who: Owner, other: Owner) =>
  who.client.post(`/api/party/${who.partyId}/accept`, { other_party_id: other.partyId });
const decline = (who: Owner, other: Owner) =>
  who.client.post(`/api/party/${who.partyId}/decline`, { other_party_id: other.partyId });
const offerFrame = (f: Frame) => f.type === 'party.offer';

describe.each(DIALECTS)('group matchmaking, live on the notification socket, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  // A topic of its own per test: parties of other tests are never candidates.
  const TOPICS = ['ee-201', 'me-201', 'psych-201', 'phil-201'];
  let topics = 0;
  const nextTopic = () => TOPICS[topics++ % TOPICS.length]!;

  it("tells the other owner, and the actor's own tabs, each change of the offer: accepted, withdrawn, declined", async () => {
    const topic = nextTopic();
    const [ana, bo] = [
      await withParty(server.baseUrl, 'ana', topic),
      await withParty(server.baseUrl, 'bo', topic),
    ];
    const { socket: boSocket } = await openReadyNotificationSocket(server.baseUrl, bo.client);
    const { socket: anaSocket } = await openReadyNotificationSocket(server.baseUrl, ana.client);

    expect((await accept(ana, bo)).status).toBe(200);
    const accepted = { type: 'party.offer', party_id: bo.partyId, other_party_id: ana.partyId };
    expect(await boSocket.next(offerFrame)).toEqual({
      ...accepted,
      state: expect.stringMatching(/_ACCEPTED$/),
    });
    expect(await anaSocket.next(offerFrame)).toMatchObject({
      party_id: ana.partyId,
      other_party_id: bo.partyId,
    });

    // Ana withdraws: bo's "They accepted you" must go.
    expect((await decline(ana, bo)).json.state).toBe('PENDING');
    expect(await boSocket.next(offerFrame)).toEqual({ ...accepted, state: 'PENDING' });
    await anaSocket.next(offerFrame);

    // Bo declines: the pair leaves ana's lists too.
    expect((await decline(bo, ana)).json.state).toBe('DECLINED');
    expect(await anaSocket.next(offerFrame)).toEqual({
      type: 'party.offer',
      party_id: ana.partyId,
      other_party_id: bo.partyId,
      state: 'DECLINED',
    });
    await boSocket.next(offerFrame);
    // Declining again changes nothing, and says nothing.
    expect((await decline(bo, ana)).json.state).toBe('DECLINED');
    expect(await anaSocket.nothing(offerFrame)).toBe(true);
    await Promise.all([anaSocket.close(), boSocket.close()]);
  });

  it('tells both owners of a match, and sends nothing to anyone else', async () => {
    const topic = nextTopic();
    const stranger = new TestClient(server.baseUrl);
    await stranger.signUp(uniqueName('stranger'));
    const [ana, bo] = [
      await withParty(server.baseUrl, 'ana', topic),
      await withParty(server.baseUrl, 'bo', topic),
    ];
    expect((await accept(ana, bo)).status).toBe(200);
    const { socket: anaSocket } = await openReadyNotificationSocket(server.baseUrl, ana.client);
    const { socket: strangerSocket } = await openReadyNotificationSocket(server.baseUrl, stranger);

    const matched = await accept(bo, ana);
    expect(matched.json.state).toBe('MATCHED');
    expect(await anaSocket.next(offerFrame)).toEqual({
      type: 'party.offer',
      party_id: ana.partyId,
      other_party_id: bo.partyId,
      state: 'MATCHED',
    });
    // Accepting a match again changes nothing.
    expect((await accept(bo, ana)).json.state).toBe('MATCHED');
    expect(await anaSocket.nothing(offerFrame)).toBe(true);
    expect(await strangerSocket.nothing(offerFrame)).toBe(true);
    await Promise.all([anaSocket.close(), strangerSocket.close()]);
  });

  it("opens the matched group with its welcome as any message: it reaches a teammate's lists and unread count live", async () => {
    const topic = nextTopic();
    const mate = new TestClient(server.baseUrl);
    const mateName = await mate.signUp(uniqueName('mate'));
    const ana = await withParty(server.baseUrl, 'ana', topic, [mateName]);
    const bo = await withParty(server.baseUrl, 'bo', topic);
    expect((await mate.post(`/api/party/${ana.partyId}/invitation/accept`)).status).toBe(200);
    expect((await accept(ana, bo)).status).toBe(200);
    const { socket: mateSocket } = await openReadyNotificationSocket(server.baseUrl, mate);
    const { socket: anaSocket } = await openReadyNotificationSocket(server.baseUrl, ana.client);

    const room = (await accept(bo, ana)).json.room_id as number;
    // The teammate's conversation list gains the group, its matchmaking lists are told of the match
    // (the frame the screen listens to), and the welcome counts as unread.
    expect(await mateSocket.next((f) => f.type === 'room_changed' && f.room === room)).toMatchObject({
      change: 'joined',
      name: `${topic.toUpperCase()} study group`,
    });
    expect(await mateSocket.next((f) => f.type === 'notification.created')).toMatchObject({
      notification: { kind: 'match', room },
    });
    expect(await mateSocket.next((f) => f.type === 'read_state' && f.room === room)).toMatchObject({
      read_state: { unread: 1 },
      message_count: 1,
    });
    // The other owner's screen follows too.
    expect(await anaSocket.next(offerFrame)).toMatchObject({ state: 'MATCHED' });
    expect(await anaSocket.next((f) => f.type === 'read_state' && f.room === room)).toMatchObject({
      read_state: { unread: 1 },
    });
    const history = (await mate.get(`/api/rooms/${room}/messages/`)).json.messages as Array<
      Record<string, unknown>
    >;
    expect(history).toEqual([expect.objectContaining({ is_bot: true, username: 'studium-bot' })]);
    await Promise.all([mateSocket.close(), anaSocket.close()]);
  });

  it("shows a registered teammate the party they are in, before and after its match, without managing it or reading others' profiles", async () => {
    const topic = nextTopic();
    const mate = new TestClient(server.baseUrl);
    const mateName = await mate.signUp(uniqueName('mate'));
    const ana = await withParty(server.baseUrl, 'ana', topic, [mateName]);
    const bo = await withParty(server.baseUrl, 'bo', topic);
    // Listed, the teammate is only invited: the party is theirs once they accept.
    expect(activePartyResponse.parse((await mate.get('/api/party/active')).json).party).toBeNull();
    expect((await mate.post(`/api/party/${ana.partyId}/invitation/accept`)).status).toBe(200);

    const before = activePartyResponse.parse((await mate.get('/api/party/active')).json);
    expect(before.current_user).toBe(mateName);
    expect(before.party).toMatchObject({
      id: ana.partyId,
      owner_username: ana.name,
      status: 'open',
      can_manage: false,
      matches: [],
    });
    // The owner's study profile is the owner's; the teammate's own is theirs to read.
    expect(before.party!.members.map((m) => m.prefs)).toEqual([
      { study_level: null, grades: '', blurb: '' },
      { study_level: null, grades: '', blurb: `I am ${mateName}` },
    ]);
    const owners = activePartyResponse.parse((await ana.client.get('/api/party/active')).json).party!;
    expect(owners).toMatchObject({ can_manage: true, matches: [] });
    expect(owners.members[0]!.prefs.grades).toBe('Mostly As');

    await accept(ana, bo);
    const room = (await accept(bo, ana)).json.room_id as number;
    const after = activePartyResponse.parse((await mate.get('/api/party/active')).json).party!;
    expect(after).toMatchObject({ id: ana.partyId, status: 'matched', can_manage: false });
    expect(after.matches).toEqual([
      expect.objectContaining({
        room_id: room,
        room_name: `${topic.toUpperCase()} study group`,
        other_party_id: bo.partyId,
        member_usernames: [ana.name, bo.name, mateName].sort((a, b) =>
          a.toLowerCase().localeCompare(b.toLowerCase()),
        ),
      }),
    ]);
    // The owners see the same match on their party as in their candidates call.
    const anaParty = activePartyResponse.parse((await ana.client.get('/api/party/active')).json).party!;
    const fromCandidates = (await ana.client.get(`/api/party/${ana.partyId}/candidates`)).json.matches;
    expect(anaParty.matches).toEqual(fromCandidates);
    // A teammate still cannot act for the party.
    expect((await mate.get(`/api/party/${ana.partyId}/candidates`)).status).toBe(404);
    // A party of their own, the one they act on, comes first.
    const mine = await mate.post('/api/party/active', {
      topic_key: topic,
      target_size: 3,
      existing_member_count: 1,
      members: [{ username: mateName, display_name: mateName, is_owner: true }],
    } satisfies PartyPayloadInput);
    const ownId = activePartyResponse.parse(mine.json).party!.id;
    expect(activePartyResponse.parse((await mate.get('/api/party/active')).json).party).toMatchObject({
      id: ownId,
      can_manage: true,
    });
  });
});

describe('group matchmaking, live across two servers behind one Redis', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  beforeAll(async () => {
    pair = await startServerPairOnRedis('partylive');
  });
  afterAll(async () => pair?.close());

  it('reaches the other owner on server A when the offer is declined on server B', async () => {
    const ana = await withParty(pair.a.baseUrl, 'ana', 'ee-201');
    const bo = await withParty(pair.b.baseUrl, 'bo', 'ee-201');
    const { socket } = await openReadyNotificationSocket(pair.a.baseUrl, ana.client);
    expect((await decline(bo, ana)).json.state).toBe('DECLINED');
    expect(await socket.next(offerFrame)).toEqual({
      type: 'party.offer',
      party_id: ana.partyId,
      other_party_id: bo.partyId,
      state: 'DECLINED',
    });
    await socket.close();
  });
});
