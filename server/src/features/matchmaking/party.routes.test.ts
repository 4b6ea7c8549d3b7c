import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPartyResponse,
  activePartyResponse,
  declinePartyResponse,
  deletePartyResponse,
  PARTY_TEXTS,
  partyCandidatesResponse,
  type PartyCandidatesResponse,
  type PartyPayloadInput,
} from '@studium/protocol';
import { newUser, TestClient } from '../../../test/http-client';
import { userId } from '../../../test/factories';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { SYSTEM_USERNAME } from './system-user';

const t = PARTY_TEXTS;

describe.each(DIALECTS)('group matchmaking on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  // Each test uses a topic of its own, so parties of other tests are never candidates.
  let topics = 0;
  const TOPICS = [
    'cs-101',
    'cs-102',
    'cs-201',
    'math-101',
    'math-201',
    'phys-101',
    'chem-101',
    'bio-101',
    'econ-101',
    'hist-101',
    'psych-101',
    'math-240',
  ];
  const nextTopic = () => TOPICS[topics++ % TOPICS.length]!;

  type User = Awaited<ReturnType<typeof newUser>>;

  const payload = (owner: string, more: Partial<PartyPayloadInput> = {}): PartyPayloadInput => ({
    topic_key: 'cs-101',
    target_size: 4,
    existing_member_count: 2,
    languages: 'English',
    campus: 'North',
    modality: 'either',
    availability: [{ day: 'tue', start: '14:00', end: '16:00' }],
    members: [
      { username: owner, display_name: owner, is_owner: true },
      { display_name: 'Robin', prefs: { study_level: 'bachelor_2' } },
    ],
    ...more,
  });

  /** A user with an open party; `teammates` are registered members of it besides the owner, who accepted. */
  const withParty = async (
    prefix: string,
    topic: string,
    more: Partial<PartyPayloadInput> = {},
    teammates: User[] = [],
  ) => {
    const user = await newUser(server, prefix);
    const members: PartyPayloadInput['members'] = [
      { username: user.name, display_name: user.name, is_owner: true },
      ...teammates.map((m) => ({ username: m.name, display_name: m.name })),
      { display_name: 'Robin' },
    ];
    const res = await user.client.post(
      '/api/party/active',
      payload(user.name, {
        topic_key: topic,
        existing_member_count: members.length,
        target_size: 6,
        members,
        ...more,
      }),
    );
    expect(res.status).toBe(200);
    const party = activePartyResponse.parse(res.json).party!;
    // Listed teammates count once they confirm.
    for (const mate of teammates)
      expect((await mate.client.post(`/api/party/${party.id}/invitation/accept`)).status).toBe(200);
    return { ...user, partyId: party.id };
  };
  type WithParty = Awaited<ReturnType<typeof withParty>>;

  const candidates = async (user: WithParty): Promise<PartyCandidatesResponse> => {
    const res = await user.client.get(`/api/party/${user.partyId}/candidates`);
    expect(res.status).toBe(200);
    return partyCandidatesResponse.parse(res.json);
  };
  const accept = (user: WithParty, other: WithParty) =>
    user.client.post(`/api/party/${user.partyId}/accept`, {
      other_party_id: other.partyId,
      score: 1,
      pairing_preview_json: { forged: true },
    });
  const decline = (user: WithParty, other: WithParty) =>
    user.client.post(`/api/party/${user.partyId}/decline`, { other_party_id: other.partyId });
  const roomMembers = async (roomId: number) =>
    (
      await server.ctx.db
        .selectFrom('room_members')
        .innerJoin('users', 'users.id', 'room_members.user_id')
        .select(['users.username', 'room_members.role'])
        .where('room_id', '=', roomId)
        .execute()
    )
      .map((r) => `${r.username}:${r.role}`)
      .sort();

  it('answers every call with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/party/active')).status).toBe(401);
    expect((await anon.post('/api/party/active', payload('someone'))).status).toBe(401);
    expect((await anon.get('/api/party/1/candidates')).status).toBe(401);
    expect((await anon.post('/api/party/1/accept', { other_party_id: 2 })).status).toBe(401);
    expect((await anon.post('/api/party/1/decline', { other_party_id: 2 })).status).toBe(401);
    expect((await anon.post('/api/party/1/delete')).status).toBe(401);
    expect((await anon.get('/api/intent/group')).status).toBe(401);
    expect((await anon.post('/api/intent/group', { mode: 'pause' })).status).toBe(401);
  });

  it('creates a party, reads it, and replaces it in place', async () => {
    const { client, name } = await newUser(server, 'creator');
    expect(activePartyResponse.parse((await client.get('/api/party/active')).json)).toEqual({
      current_user: name,
      party: null,
    });
    const created = await client.post(
      '/api/party/active',
      payload(name, {
        topic_key: ' CS-101 ',
        campus: 'North',
        languages: 'English, french',
        pitch: ' Recursion! ',
      }),
    );
    expect(created.status).toBe(200);
    const party = activePartyResponse.parse(created.json).party!;
    expect(party).toMatchObject({
      size: 2,
      target_size: 4,
      topic_key: 'cs-101',
      owner_username: name,
      status: 'open',
    });
    expect(party.intent.payload).toMatchObject({
      campus: 'north',
      languages: 'en,fr',
      pitch: 'Recursion!',
      modality: 'either',
      preferred_complement_size: null,
    });
    expect(party.members).toEqual([
      {
        username: name,
        display_name: name,
        is_owner: true,
        prefs: { study_level: null, grades: '', blurb: '' },
      },
      {
        username: null,
        display_name: 'Robin',
        is_owner: false,
        prefs: { study_level: 'bachelor_2', grades: '', blurb: '' },
      },
    ]);
    expect(activePartyResponse.parse((await client.get('/api/party/active')).json).party).toEqual(party);
    expect(activePartyResponse.parse((await client.get('/api/intent/group')).json).party).toEqual(party);

    const replaced = await client.post(
      '/api/party/active',
      payload(name, { topic_key: 'chess', modality: 'remote', target_size: 5 }),
    );
    const again = activePartyResponse.parse(replaced.json).party!;
    // Same party, new terms; a hobby has no modality.
    expect(again).toMatchObject({ id: party.id, topic_key: 'chess', target_size: 5, status: 'open' });
    expect(again.intent.payload.modality).toBeNull();
  });

  it('pauses and resumes through the group intent, and refuses a second create', async () => {
    const { client, name } = await newUser(server, 'pauser');
    const created = await client.post('/api/intent/group', { mode: 'create', party: payload(name) });
    expect(created.status).toBe(200);
    const id = activePartyResponse.parse(created.json).party!.id;
    const twice = await client.post('/api/intent/group', { mode: 'create', party: payload(name) });
    expect(twice.status).toBe(409);
    const paused = await client.post('/api/intent/group', { mode: 'pause' });
    expect(activePartyResponse.parse(paused.json).party).toMatchObject({ id, status: 'paused' });
    expect((await client.get(`/api/party/${id}/candidates`)).json).toEqual({
      candidates: [],
      pending_offers: [],
      matches: [],
    });
    const resumed = await client.post('/api/intent/group', { mode: 'resume' });
    expect(activePartyResponse.parse(resumed.json).party).toMatchObject({ id, status: 'open' });
    const notPaused = await client.post('/api/intent/group', { mode: 'resume' });
    expect(notPaused.status).toBe(409);
    expect(notPaused.json.error).toBe(t.noPausedParty);
    const replaced = await client.post('/api/intent/group', {
      mode: 'replace',
      party: payload(name, { target_size: 3 }),
    });
    expect(activePartyResponse.parse(replaced.json).party).toMatchObject({ id, target_size: 3 });
  });

  it('answers every wizard mistake with its text on its field', async () => {
    const { client, name } = await newUser(server, 'wizard');
    const owner = { username: name, display_name: name, is_owner: true };
    const cases: Array<[Partial<PartyPayloadInput>, string, string]> = [
      [{ topic_key: '' }, 'topic_key', t.chooseTopic],
      [{ topic_key: 'underwater-basket-weaving' }, 'topic_key', t.topicFromSuggestions],
      [{ target_size: 0 }, 'target_size', t.targetMin],
      [{ existing_member_count: 0 }, 'existing_member_count', t.teammateMin],
      [
        {
          target_size: 2,
          existing_member_count: 3,
          members: [owner, { display_name: 'A' }, { display_name: 'B' }],
        },
        'existing_member_count',
        t.teamOverTarget,
      ],
      [{ members: [owner, { display_name: ' ' }] }, 'members.1.display_name', t.displayNameRequired],
      [{ existing_member_count: 3 }, 'members', t.fillTeammatesFirst],
      [
        { members: [{ username: '', display_name: 'Me', is_owner: true }, { display_name: 'A' }] },
        'members.0.username',
        t.ownerUsernameRequired,
      ],
      [
        { members: [owner, { username: name.toUpperCase(), display_name: 'Twin' }] },
        'members.1.username',
        t.duplicateUsernames,
      ],
      [{ preferred_complement_size: 3 }, 'preferred_complement_size', t.complementRange(2)],
    ];
    for (const [more, field, text] of cases) {
      const res = await client.post('/api/party/active', payload(name, more));
      expect(res.status, field).toBe(400);
      expect((res.json.fields as Record<string, string>)[field], field).toBe(text);
    }
    expect((await client.get('/api/party/active')).json.party).toBeNull();
  });

  it('keeps the first member to the caller and registered usernames to existing accounts', async () => {
    const { client, name } = await newUser(server, 'owner');
    const other = await newUser(server, 'other');
    const notMe = await client.post(
      '/api/party/active',
      payload(name, {
        members: [{ username: other.name, display_name: 'Me', is_owner: true }, { display_name: 'A' }],
      }),
    );
    expect(notMe.status).toBe(400);
    expect(notMe.json.fields).toEqual({ 'members.0.username': t.ownerIsYou(name) });
    const ghost = await client.post(
      '/api/party/active',
      payload(name, {
        members: [
          { username: name, display_name: name, is_owner: true },
          { username: 'nobody_here_at_all', display_name: 'A' },
        ],
      }),
    );
    expect(ghost.status).toBe(400);
    expect(ghost.json.fields).toEqual({ 'members.1.username': t.unknownMembers(['nobody_here_at_all']) });
    const bot = await client.post(
      '/api/party/active',
      payload(name, {
        members: [
          { username: name, display_name: name, is_owner: true },
          { username: SYSTEM_USERNAME, display_name: 'Bot' },
        ],
      }),
    );
    expect(bot.status).toBe(400);
  });

  it('runs an offer from recommendation to a ready group room', async () => {
    const topic = nextTopic();
    const teammate = await newUser(server, 'mate');
    const ana = await withParty(
      'ana',
      topic,
      {
        availability: [
          { day: 'tue', start: '14:00', end: '16:00' },
          { day: 'thu', start: '10:00', end: '12:00' },
        ],
      },
      [teammate],
    );
    const bo = await withParty('bo', topic, {
      availability: [
        { day: 'thu', start: '09:00', end: '11:30' },
        { day: 'tue', start: '13:00', end: '15:00' },
      ],
    });

    const recs = await candidates(ana);
    expect(recs.candidates).toHaveLength(1);
    const [rec] = recs.candidates;
    expect(rec).toMatchObject({
      candidate_party_id: bo.partyId,
      owner_username: bo.name,
      offer_id: null,
      offer_state: null,
      accepted_by_other: false,
      size: 2,
      target_size: 6,
    });
    expect(rec!.pairing_preview_json.overlap_windows).toEqual([
      { day: 'tue', start: '14:00', end: '15:00' },
      { day: 'thu', start: '10:00', end: '11:30' },
    ]);
    expect(rec!.pairing_preview_json.overlap_hours).toBe(2.5);
    expect(rec!.score).toBeGreaterThan(0);

    // Ana accepts: the offer waits for bo, who hears of it.
    const first = await accept(ana, bo);
    expect(first.status).toBe(200);
    const offer = acceptPartyResponse.parse(first.json);
    expect(offer.room_id).toBeNull();
    expect(offer.state).toBe(ana.partyId < bo.partyId ? 'A_ACCEPTED' : 'B_ACCEPTED');
    const anaView = await candidates(ana);
    expect(anaView.candidates).toEqual([]);
    expect(anaView.pending_offers).toEqual([
      expect.objectContaining({
        candidate_party_id: bo.partyId,
        offer_id: offer.offer_id,
        accepted_at: expect.any(String),
        accepted_by_other: false,
      }),
    ]);
    // The score shown is the server's, whatever the client sent.
    expect(anaView.pending_offers[0]!.score).toBe(rec!.score);
    const boView = await candidates(bo);
    expect(boView.candidates).toEqual([
      expect.objectContaining({
        candidate_party_id: ana.partyId,
        accepted_by_other: true,
        offer_state: offer.state,
        accepted_at: null,
      }),
    ]);
    const told = (await bo.client.get('/api/notifications/')).json.notifications as Array<
      Record<string, unknown>
    >;
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'match',
        room: null,
        actor: ana.name,
        text: expect.stringContaining(`${ana.name}'s party wants to study`),
      }),
    ]);

    // Ana changes her mind, then accepts again.
    const cancelled = await decline(ana, bo);
    expect(declinePartyResponse.parse(cancelled.json)).toEqual({
      offer_id: offer.offer_id,
      state: 'PENDING',
    });
    expect((await candidates(ana)).pending_offers).toEqual([]);
    expect((await candidates(bo)).candidates[0]).toMatchObject({
      accepted_by_other: false,
      offer_state: 'PENDING',
    });
    expect((await accept(ana, bo)).status).toBe(200);

    // Bo accepts: the match is made, and bo's accept opens the room.
    const second = await accept(bo, ana);
    const matched = acceptPartyResponse.parse(second.json);
    expect(matched).toMatchObject({
      offer_id: offer.offer_id,
      state: 'MATCHED',
      room_id: expect.any(Number),
    });
    const roomId = matched.room_id!;
    expect(await roomMembers(roomId)).toEqual(
      [`${ana.name}:owner`, `${bo.name}:owner`, `${teammate.name}:member`].sort(),
    );
    const detail = await teammate.client.get(`/api/rooms/${roomId}/`);
    expect(detail.json).toMatchObject({ kind: 'group', name: `${topic.toUpperCase()} study group` });
    const messages = (await teammate.client.get(`/api/rooms/${roomId}/messages/`)).json.messages as Array<{
      username: string;
      message: string;
    }>;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.username).toBe(SYSTEM_USERNAME);
    expect(messages[0]!.message).toContain(`**Study group for ${topic.toUpperCase()}**`);
    expect(messages[0]!.message).toContain('You are all free: Tue 14:00–15:00, Thu 10:00–11:30');

    // Everyone but bo hears of it; bo is where the room opened.
    for (const member of [ana, teammate]) {
      const list = (await member.client.get('/api/notifications/')).json.notifications as Array<
        Record<string, unknown>
      >;
      expect(list[0]).toMatchObject({ kind: 'match', room: roomId, actor: bo.name });
    }
    const boList = (await bo.client.get('/api/notifications/')).json.notifications as Array<
      Record<string, unknown>
    >;
    expect(boList.filter((n) => n.room === roomId)).toEqual([]);

    // Both parties are matched; each lists the match; accepting again changes nothing; declining is refused.
    for (const side of [ana, bo]) {
      expect(
        activePartyResponse.parse((await side.client.get('/api/party/active')).json).party,
      ).toMatchObject({ id: side.partyId, status: 'matched' });
      const view = await candidates(side);
      expect(view.candidates).toEqual([]);
      expect(view.pending_offers).toEqual([]);
      expect(view.matches).toEqual([
        expect.objectContaining({
          offer_id: offer.offer_id,
          room_id: roomId,
          topic_key: topic,
          member_usernames: [ana.name, bo.name, teammate.name].sort((a, b) =>
            a.toLowerCase().localeCompare(b.toLowerCase()),
          ),
        }),
      ]);
    }
    expect(acceptPartyResponse.parse((await accept(ana, bo)).json)).toMatchObject({
      state: 'MATCHED',
      room_id: null,
    });
    const refused = await decline(bo, ana);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(t.alreadyMatched);

    // A matched party stays; saving again makes a new one.
    const fresh = await ana.client.post('/api/party/active', payload(ana.name, { topic_key: topic }));
    const next = activePartyResponse.parse(fresh.json).party!;
    expect(next.id).not.toBe(ana.partyId);
    expect(
      (
        await server.ctx.db
          .selectFrom('parties')
          .select('status')
          .where('id', '=', ana.partyId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('matched');
  });

  it('with three parties: a decline hides both ways, and a match ends the other offers', async () => {
    const topic = nextTopic();
    const a = await withParty('tri_a', topic);
    const b = await withParty('tri_b', topic);
    const c = await withParty('tri_c', topic);
    const ids = (r: PartyCandidatesResponse['candidates']) => r.map((x) => x.candidate_party_id).sort();
    expect(ids((await candidates(a)).candidates)).toEqual([b.partyId, c.partyId].sort());

    expect(declinePartyResponse.parse((await decline(a, c)).json).state).toBe('DECLINED');
    expect(ids((await candidates(a)).candidates)).toEqual([b.partyId]);
    expect(ids((await candidates(c)).candidates)).toEqual([b.partyId]);
    expect((await accept(c, a)).status).toBe(404);

    // b accepted by both: each sees b first with 'they accepted you'.
    await accept(b, a);
    await accept(b, c);
    expect((await candidates(b)).pending_offers.map((p) => p.candidate_party_id).sort()).toEqual(
      [a.partyId, c.partyId].sort(),
    );
    expect((await candidates(c)).candidates[0]).toMatchObject({
      candidate_party_id: b.partyId,
      accepted_by_other: true,
    });

    expect(acceptPartyResponse.parse((await accept(a, b)).json).state).toBe('MATCHED');
    // b is taken: c can no longer match with it, and b's other offer is no longer pending.
    expect((await candidates(c)).candidates).toEqual([]);
    expect((await candidates(b)).pending_offers).toEqual([]);
    expect((await accept(c, b)).status).toBe(404);
  });

  it('makes exactly one room when both owners accept at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const topic = nextTopic();
      const mateA = await newUser(server, 'mate_a');
      const mateB = await newUser(server, 'mate_b');
      const a = await withParty('race_a', topic, {}, [mateA]);
      const b = await withParty('race_b', topic, {}, [mateB]);
      const answers = await Promise.all([accept(a, b), accept(b, a)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const parsed = answers.map((r) => acceptPartyResponse.parse(r.json));
      const rooms = parsed.flatMap((p) => (p.room_id === null ? [] : [p.room_id]));
      expect(rooms).toHaveLength(1);
      // Whichever came second completed the match.
      const states = parsed.map((p) => p.state);
      expect(states.filter((s) => s === 'MATCHED')).toHaveLength(1);
      expect(states.filter((s) => s === 'A_ACCEPTED' || s === 'B_ACCEPTED')).toHaveLength(1);
      const members = await roomMembers(rooms[0]!);
      expect(members).toEqual(
        [`${a.name}:owner`, `${b.name}:owner`, `${mateA.name}:member`, `${mateB.name}:member`].sort(),
      );
      const made = await server.ctx.db
        .selectFrom('rooms')
        .select('id')
        .where('name', '=', `${topic.toUpperCase()} study group`)
        .execute();
      expect(made).toHaveLength(1);
    }
  });

  it('drops undecided offers when a party changes its terms', async () => {
    const topic = nextTopic();
    const a = await withParty('terms_a', topic);
    const b = await withParty('terms_b', topic);
    await accept(a, b);
    expect((await candidates(b)).candidates[0]).toMatchObject({ accepted_by_other: true });
    await a.client.post('/api/party/active', payload(a.name, { topic_key: topic, target_size: 5 }));
    expect((await candidates(a)).pending_offers).toEqual([]);
    expect((await candidates(b)).candidates[0]).toMatchObject({
      candidate_party_id: a.partyId,
      accepted_by_other: false,
      offer_id: null,
    });
  });

  it('lets only the owner act for a party: a member and a stranger get 404 everywhere', async () => {
    const topic = nextTopic();
    const member = await newUser(server, 'member');
    const stranger = await withParty('stranger', topic);
    const owner = await withParty('owner', topic, {}, [member]);
    for (const who of [member.client, stranger.client]) {
      for (const res of [
        await who.get(`/api/party/${owner.partyId}/candidates`),
        await who.post(`/api/party/${owner.partyId}/accept`, { other_party_id: stranger.partyId }),
        await who.post(`/api/party/${owner.partyId}/decline`, { other_party_id: stranger.partyId }),
        await who.post(`/api/party/${owner.partyId}/delete`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.json.error).toBe(t.partyNotFound);
      }
    }
    // A party id that does not exist reads the same.
    expect((await stranger.client.get('/api/party/999999/candidates')).json.error).toBe(t.partyNotFound);
    expect((await stranger.client.get('/api/party/abc/candidates')).status).toBe(404);
    expect((await candidates(owner)).candidates.map((c) => c.candidate_party_id)).toEqual([stranger.partyId]);
  });

  it('never recommends a party sharing a registered member, a full one, or one on another topic', async () => {
    const topic = nextTopic();
    const shared = await newUser(server, 'shared');
    const a = await withParty('rule_a', topic, {}, [shared]);
    await withParty('rule_b', topic, {}, [shared]);
    await withParty('rule_full', topic, { target_size: 2 });
    await withParty('rule_other', nextTopic());
    expect((await candidates(a)).candidates).toEqual([]);
  });

  it('archives a deleted party, which leaves every list', async () => {
    const topic = nextTopic();
    const a = await withParty('del_a', topic);
    const b = await withParty('del_b', topic);
    const deleted = await b.client.post(`/api/party/${b.partyId}/delete`);
    expect(deletePartyResponse.parse(deleted.json).party).toMatchObject({
      id: b.partyId,
      status: 'archived',
    });
    expect(activePartyResponse.parse((await b.client.get('/api/party/active')).json).party).toBeNull();
    expect((await candidates(a)).candidates).toEqual([]);
    expect((await b.client.get(`/api/party/${b.partyId}/candidates`)).status).toBe(404);
    expect((await accept(a, b)).status).toBe(404);
  });

  it('forgets a deleted account: its parties and offers, and its places in other parties', async () => {
    const topic = nextTopic();
    const teammate = await newUser(server, 'leaving_mate');
    const owner = await withParty('stays', topic, {}, [teammate]);
    const leaving = await withParty('leaving', topic);
    await accept(leaving, owner);
    const mateId = await userId(server.ctx, teammate.name);
    expect((await teammate.client.post(`/api/profile/delete/${teammate.name}/`)).status).toBe(200);
    expect((await leaving.client.post(`/api/profile/delete/${leaving.name}/`)).status).toBe(200);
    const places = await server.ctx.db
      .selectFrom('party_members')
      .select('party_id')
      .where('user_id', '=', mateId)
      .execute();
    expect(places).toEqual([]);
    expect(
      await server.ctx.db.selectFrom('parties').select('id').where('id', '=', leaving.partyId).execute(),
    ).toEqual([]);
    const offers = await server.ctx.db
      .selectFrom('party_offers')
      .select('id')
      .where('party_b_id', '=', Math.max(owner.partyId, leaving.partyId))
      .execute();
    expect(offers).toEqual([]);
    expect((await candidates(owner)).candidates).toEqual([]);
  });

  it('gives the product account no way to log in', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.login(SYSTEM_USERNAME, 'anything at all');
    expect(res.status).toBe(400);
    expect(await userId(server.ctx, SYSTEM_USERNAME)).toBeGreaterThan(0);
  });
});
