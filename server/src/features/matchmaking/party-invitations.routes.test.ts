import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPartyResponse,
  activePartyResponse,
  BLOCKS_TEXTS,
  INVITATION_TEXTS,
  notificationListResponse,
  partyCandidatesResponse,
  partyInvitationResponse,
  partyInvitationsResponse,
  type PartyPayloadInput,
} from '@studium/protocol';
import { newUser, TestClient } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const t = INVITATION_TEXTS;

/** Users, parties and matches over HTTP on one server. */
function partyKit(server: () => TestServer) {
  type User = Awaited<ReturnType<typeof newUser>>;

  /** Saves `owner`'s party on `topic`, listing `listed` as registered teammates beside 'Robin'. */
  const saveParty = (owner: User, topic: string, listed: User[] = []) => {
    const members: PartyPayloadInput['members'] = [
      { username: owner.name, display_name: owner.name, is_owner: true },
      ...listed.map((m) => ({ username: m.name, display_name: m.name })),
      { display_name: 'Robin' },
    ];
    return owner.client.post('/api/party/active', {
      topic_key: topic,
      target_size: 8,
      existing_member_count: members.length,
      languages: 'English',
      campus: 'North',
      modality: 'either',
      availability: [{ day: 'tue', start: '14:00', end: '16:00' }],
      members,
    } satisfies PartyPayloadInput);
  };
  const withParty = async (owner: User, topic: string, listed: User[] = []) => {
    const res = await saveParty(owner, topic, listed);
    expect(res.status, res.text).toBe(200);
    return activePartyResponse.parse(res.json).party!;
  };
  const accept = (user: User, partyId: number, otherId: number) =>
    user.client.post(`/api/party/${partyId}/accept`, { other_party_id: otherId });
  /** Two owners' parties accept each other: the second accept makes the match. */
  const match = async (a: User, aParty: number, b: User, bParty: number) => {
    expect((await accept(a, aParty, bParty)).status).toBe(200);
    const done = await accept(b, bParty, aParty);
    expect(done.status, done.text).toBe(200);
    return acceptPartyResponse.parse(done.json);
  };
  const answer = (user: User, partyId: number, verb: 'accept' | 'decline') =>
    user.client.post(`/api/party/${partyId}/invitation/${verb}`);
  const invitations = async (user: User) => {
    const res = await user.client.get('/api/party/invitations');
    expect(res.status).toBe(200);
    return partyInvitationsResponse.parse(res.json).invitations;
  };
  const notifications = async (user: User) =>
    notificationListResponse.parse((await user.client.get('/api/notifications/')).json).notifications;
  const roomsOf = async (name: string) =>
    (
      await server()
        .ctx.db.selectFrom('room_members')
        .innerJoin('users', 'users.id', 'room_members.user_id')
        .select('room_members.room_id')
        .where('users.username', '=', name)
        .execute()
    ).map((r) => r.room_id);
  const roomMembers = async (roomId: number) =>
    (
      await server()
        .ctx.db.selectFrom('room_members')
        .innerJoin('users', 'users.id', 'room_members.user_id')
        .select('users.username')
        .where('room_id', '=', roomId)
        .execute()
    )
      .map((r) => r.username)
      .sort();
  return {
    newUser: (prefix: string) => newUser(server(), prefix),
    saveParty,
    withParty,
    accept,
    match,
    answer,
    invitations,
    notifications,
    roomsOf,
    roomMembers,
  };
}

describe.each(DIALECTS)('party invitations on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());
  const kit = partyKit(() => server);

  it('answers every invitation call with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/party/invitations')).status).toBe(401);
    expect((await anon.post('/api/party/1/invitation/accept')).status).toBe(401);
    expect((await anon.post('/api/party/1/invitation/decline')).status).toBe(401);
  });

  it('invites a listed teammate, who is told, and counts only once they accept', async () => {
    const [ana, bo, stranger] = [await kit.newUser('ana'), await kit.newUser('bo'), await kit.newUser('x')];
    const party = await kit.withParty(ana, 'cs-102', [bo]);
    // Ana, Robin (no account) count; bo does not yet.
    expect(party).toMatchObject({ size: 2, teammates: [{ username: bo.name, status: 'pending' }] });
    expect(party.intent.payload.existing_member_count).toBe(3);
    expect(await kit.notifications(bo)).toEqual([
      expect.objectContaining({
        kind: 'match',
        actor: ana.name,
        room: null,
        text: t.invited(ana.name, 'cs-102'),
      }),
    ]);
    expect(await kit.invitations(bo)).toEqual([
      {
        party_id: party.id,
        owner_username: ana.name,
        topic_key: 'cs-102',
        status: 'pending',
        invited_at: expect.any(String),
        can_accept: true,
        can_decline: true,
      },
    ]);

    // Nobody else answers for bo, and a party id reveals nothing.
    const missing = await kit.answer(stranger, 2_000_000_000, 'accept');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: t.invitationNotFound });
    for (const someone of [stranger, ana])
      for (const verb of ['accept', 'decline'] as const) {
        const res = await kit.answer(someone, party.id, verb);
        expect({ status: res.status, body: res.json }).toEqual({ status: 404, body: missing.json });
      }

    const accepted = await kit.answer(bo, party.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(partyInvitationResponse.parse(accepted.json).invitation).toMatchObject({
      status: 'confirmed',
      can_accept: false,
      can_decline: true,
    });
    expect((await kit.answer(bo, party.id, 'accept')).json).toEqual(accepted.json);
    expect(await kit.invitations(bo)).toEqual([]);
    const now = activePartyResponse.parse((await ana.client.get('/api/party/active')).json).party;
    expect(now).toMatchObject({ size: 3, teammates: [{ username: bo.name, status: 'confirmed' }] });
  });

  it('puts only confirmed teammates in the match room, tells only them, and names only them', async () => {
    const topic = 'phys-201';
    const [ana, willing, unwilling, bo] = [
      await kit.newUser('ana'),
      await kit.newUser('willing'),
      await kit.newUser('unwilling'),
      await kit.newUser('bo'),
    ];
    const anaParty = await kit.withParty(ana, topic, [willing, unwilling]);
    expect((await kit.answer(willing, anaParty.id, 'accept')).status).toBe(200);
    const boParty = await kit.withParty(bo, topic);

    // Other parties see the counted members only.
    const seen = partyCandidatesResponse.parse(
      (await bo.client.get(`/api/party/${boParty.id}/candidates`)).json,
    );
    expect(seen.candidates).toEqual([
      expect.objectContaining({
        candidate_party_id: anaParty.id,
        size: 3,
        member_usernames: [ana.name, willing.name],
      }),
    ]);

    const made = await kit.match(ana, anaParty.id, bo, boParty.id);
    expect(made.state).toBe('MATCHED');
    const roomId = made.room_id!;
    expect(await kit.roomMembers(roomId)).toEqual([ana.name, bo.name, willing.name].sort());
    const welcome = (await willing.client.get(`/api/rooms/${roomId}/messages/`)).json.messages as Array<{
      message: string;
    }>;
    expect(welcome[0]!.message).toContain(willing.name);
    expect(welcome[0]!.message).not.toContain(unwilling.name);
    expect((await kit.notifications(willing)).map((n) => n.room)).toContain(roomId);
    expect((await kit.notifications(unwilling)).map((n) => n.room)).not.toContain(roomId);
    expect((await unwilling.client.get(`/api/rooms/${roomId}/messages/`)).status).toBe(404);
    // The party is matched: the invitation can no longer be taken up.
    expect(await kit.invitations(unwilling)).toEqual([]);
    expect((await kit.answer(unwilling, anaParty.id, 'accept')).status).toBe(404);
  });

  it('never pulls a listed user who did not accept into a room, however many matches their lister makes', async () => {
    const topic = 'chem-201';
    const [lister, target] = [await kit.newUser('lister'), await kit.newUser('target')];
    for (let round = 0; round < 3; round++) {
      // A matched party stays; the next save makes a new party, listing the target again.
      const mine = await kit.withParty(lister, topic, [target]);
      const other = await kit.newUser('accomplice');
      const theirs = await kit.withParty(other, topic);
      expect((await kit.match(lister, mine.id, other, theirs.id)).state).toBe('MATCHED');
    }
    expect(await kit.roomsOf(target.name)).toEqual([]);
    expect((await kit.notifications(target)).filter((n) => n.room !== null)).toEqual([]);
  });

  it('lets a declined owner list the user no more, in this party or a new one', async () => {
    const topic = 'math-220';
    const [ana, bo] = [await kit.newUser('ana'), await kit.newUser('bo')];
    const party = await kit.withParty(ana, topic, [bo]);
    const declined = await kit.answer(bo, party.id, 'decline');
    expect(declined.status).toBe(200);
    expect(partyInvitationResponse.parse(declined.json).invitation).toMatchObject({
      status: 'declined',
      can_accept: false,
      can_decline: false,
    });
    expect((await kit.answer(bo, party.id, 'accept')).status).toBe(404);
    expect(await kit.invitations(bo)).toEqual([]);
    // Saved again unchanged, bo stays declined, uncounted and not told again.
    expect(await kit.withParty(ana, topic, [bo])).toMatchObject({
      size: 2,
      teammates: [{ username: bo.name, status: 'declined' }],
    });
    expect(await kit.notifications(bo)).toHaveLength(1);
    // Taken off and listed again, here or in a new party: refused with the neutral text.
    await kit.withParty(ana, topic);
    const again = await kit.saveParty(ana, topic, [bo]);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      error: BLOCKS_TEXTS.cannotAdd([bo.name]),
      fields: { 'members.1.username': BLOCKS_TEXTS.cannotAdd([bo.name]) },
    });
    expect((await ana.client.post(`/api/party/${party.id}/delete`)).status).toBe(200);
    expect((await kit.saveParty(ana, topic, [bo])).status).toBe(400);
    expect(await kit.notifications(bo)).toHaveLength(1);
  });
});

describe.each(DIALECTS)(
  'party invitations and match rooms within the conversation limit on %s',
  (dialect) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { CONVERSATION_RATE_LIMIT: '2/0.001' });
    });
    afterAll(async () => server?.close());
    const kit = partyKit(() => server);

    it('refuses the accept that would make one group room too many with 429, and makes nothing', async () => {
      const topic = 'bio-201';
      const [ana, bo] = [await kit.newUser('ana'), await kit.newUser('bo')];
      const peers = [await kit.newUser('peer'), await kit.newUser('peer')];
      for (const peer of peers) {
        const group = await bo.client.post('/api/dms/groups/', { name: 'Study', usernames: [peer.name] });
        expect(group.status).toBe(201);
      }
      const [anaParty, boParty] = [await kit.withParty(ana, topic), await kit.withParty(bo, topic)];
      expect((await kit.accept(ana, anaParty.id, boParty.id)).status).toBe(200);
      const refused = await kit.accept(bo, boParty.id, anaParty.id);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatch(/^You have started too many group conversations lately\./);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // Nothing half-made: no room, both parties still open, ana's acceptance still waiting.
      expect(await kit.roomsOf(ana.name)).toEqual([]);
      expect(activePartyResponse.parse((await bo.client.get('/api/party/active')).json).party!.status).toBe(
        'open',
      );
      const view = partyCandidatesResponse.parse(
        (await bo.client.get(`/api/party/${boParty.id}/candidates`)).json,
      );
      expect(view.candidates).toEqual([
        expect.objectContaining({ candidate_party_id: anaParty.id, accepted_by_other: true }),
      ]);
      expect(view.matches).toEqual([]);
      expect((await kit.notifications(ana)).filter((n) => n.room !== null)).toEqual([]);
    });

    it('limits how often an owner can list people again to notify them', async () => {
      const topic = 'econ-201';
      const [ana, bo] = [await kit.newUser('ana'), await kit.newUser('bo')];
      await kit.withParty(ana, topic, [bo]);
      await kit.withParty(ana, topic);
      await kit.withParty(ana, topic, [bo]);
      await kit.withParty(ana, topic);
      const third = await kit.saveParty(ana, topic, [bo]);
      expect(third.status).toBe(429);
      expect(third.json.error).toMatch(/^You have invited people to parties too often\./);
      expect(await kit.notifications(bo)).toHaveLength(2);
      // The refused save changed nothing: bo is not listed.
      const party = activePartyResponse.parse((await ana.client.get('/api/party/active')).json).party!;
      expect(party.teammates).toEqual([]);
    });
  },
);
