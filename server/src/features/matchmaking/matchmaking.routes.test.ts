import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCHMAKING_TEXTS, TEXTS, type IntentFieldsInput } from '@studium/protocol';
import { nowIso } from '../../db/dialect';
import { newUser, TestClient } from '../../../test/http-client';
import { userId } from '../../../test/factories';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { openReadySocket } from '../../../test/ws-client';

const t = MATCHMAKING_TEXTS;

describe.each(DIALECTS)('tutoring matchmaking on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  const fields = (more: Partial<IntentFieldsInput> = {}): IntentFieldsInput => ({
    course_code: 'CS-101 ',
    modality: 'Online',
    languages: 'English, french',
    campus: 'North',
    topic: 'Recursion',
    availability: 'monday evening',
    ...more,
  });
  /** A user with an open intent of `role`; returns the intent id too. */
  const withIntent = async (
    prefix: string,
    role: 'tutor' | 'tutoree',
    more: Partial<IntentFieldsInput> = {},
  ) => {
    const user = await newUser(server, prefix);
    const res = await user.client.post(`/api/intent/${role}`, { mode: 'create', ...fields(more) });
    expect(res.status).toBe(200);
    return { ...user, intentId: (res.json.intent as { id: number }).id };
  };
  const recs = async (client: TestClient, role: 'tutor' | 'tutoree') => {
    const res = await client.get(`/api/intent/${role}/recs`);
    expect(res.status).toBe(200);
    return res.json as {
      subject_intent_id: number | null;
      results: Array<Record<string, unknown> & { candidate_intent_id: number; candidate_username: string }>;
    };
  };

  it('answers every endpoint with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/intent/tutor')).status).toBe(401);
    expect((await anon.post('/api/intent/tutor', { mode: 'create', ...fields() })).status).toBe(401);
    expect((await anon.get('/api/intent/tutor/recs')).status).toBe(401);
    expect(
      (await anon.post('/api/intent/tutor/accept', { subject_intent_id: 1, candidate_intent_id: 2 })).status,
    ).toBe(401);
    expect(
      (await anon.post('/api/intent/tutor/decline', { subject_intent_id: 1, candidate_intent_id: 2 })).status,
    ).toBe(401);
    expect(
      (await anon.request('DELETE', '/api/intent/tutor/delete', { body: { intent_id: 1 } })).status,
    ).toBe(401);
  });

  it('answers each call with or without its final slash', async () => {
    const { client, intentId } = await withIntent('slash', 'tutor');
    for (const path of ['/api/intent/tutor', '/api/intent/tutor/']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect((res.json.intent as { id: number }).id).toBe(intentId);
    }
    expect((await client.get('/api/session')).json.is_authenticated).toBe(true);
    expect((await client.get('/api/intent/tutor/recs/')).status).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const { client } = await newUser(server, 'csrf');
    const res = await client.post('/api/intent/tutor', { mode: 'create', ...fields() }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(TEXTS.server.csrfFailed);
    expect(
      (await client.request('DELETE', '/api/intent/tutor/delete', { body: { intent_id: 1 }, csrf: false }))
        .status,
    ).toBe(403);
  });

  it('answers 404 with a clear error for a role other than tutor or tutoree, and serves the group intent elsewhere', async () => {
    const { client, name } = await newUser(server, 'roles');
    const group = await client.get('/api/intent/group');
    expect(group.status).toBe(200);
    expect(group.json).toEqual({ current_user: name, party: null });
    expect((await client.get('/api/intent/group/recs')).status).toBe(404);
    const other = await client.post('/api/intent/teacher', { mode: 'create', ...fields() });
    expect(other.status).toBe(404);
    expect(other.json.error).toMatch(/tutor or tutoree/);
  });

  it('creates, reads, replaces, pauses, resumes and deletes an intent', async () => {
    const { client, name } = await newUser(server, 'lifecycle');
    expect((await client.get('/api/intent/tutor')).json).toEqual({ intent: null });

    const created = await client.post('/api/intent/tutor', {
      mode: 'create',
      ...fields({ prefs: { campus: 2, unknown: 3 } as never }),
    });
    expect(created.status).toBe(200);
    const intent = created.json.intent as Record<string, unknown> & {
      id: number;
      created_at: string;
      expires_at: string;
    };
    expect(intent).toEqual({
      id: expect.any(Number),
      role: 'tutor',
      username: name,
      campus: 'north',
      languages: 'en,fr',
      modality: 'online',
      course_code: 'cs-101',
      location_hint: '',
      topic: 'recursion',
      capacity: 5,
      is_open: true,
      prefs: { campus: 2 },
      ttl_days: 7,
      pitch: '',
      availability: 'monday evening',
      status: 'open',
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(intent.expires_at) - Date.parse(intent.created_at)).toBe(7 * 86_400_000);
    expect((await client.get('/api/intent/tutor')).json).toEqual({ intent });
    // One current intent per role; the other role is separate.
    expect((await client.get('/api/intent/tutoree')).json).toEqual({ intent: null });
    const again = await client.post('/api/intent/tutor', { mode: 'create', ...fields() });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(t.alreadyOpen);

    const replaced = await client.post('/api/intent/tutor', {
      mode: 'replace',
      ...fields({ course_code: 'math-101', modality: 'either', ttl_days: 3, is_open: false }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.intent).toMatchObject({
      id: intent.id,
      course_code: 'math-101',
      modality: 'either',
      ttl_days: 3,
      is_open: false,
      prefs: {},
      status: 'open',
    });

    const paused = await client.post('/api/intent/tutor', { mode: 'pause' });
    expect(paused.status).toBe(200);
    expect(paused.json.intent).toMatchObject({ id: intent.id, status: 'paused' });
    expect((await client.get('/api/intent/tutor')).json.intent).toMatchObject({ status: 'paused' });
    const resumed = await client.post('/api/intent/tutor', { mode: 'resume' });
    expect(resumed.status).toBe(200);
    expect(resumed.json.intent).toMatchObject({ id: intent.id, status: 'open' });
    const notPaused = await client.post('/api/intent/tutor', { mode: 'resume' });
    expect(notPaused.status).toBe(409);
    expect(notPaused.json.error).toBe(t.noPausedIntent);

    const deleted = await client.request('DELETE', '/api/intent/tutor/delete', {
      body: { intent_id: intent.id },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    expect((await client.get('/api/intent/tutor')).json).toEqual({ intent: null });
    const noIntent = await client.post('/api/intent/tutor', { mode: 'pause' });
    expect(noIntent.status).toBe(404);
    expect(noIntent.json.error).toBe(t.noIntent);
    // Archived: a new one may be created.
    expect((await client.post('/api/intent/tutor', { mode: 'create', ...fields() })).status).toBe(200);
  });

  it('replace creates an intent when there is none', async () => {
    const { client } = await newUser(server, 'replacer');
    const res = await client.post('/api/intent/tutoree', { mode: 'replace', ...fields() });
    expect(res.status).toBe(200);
    expect(res.json.intent).toMatchObject({ role: 'tutoree', status: 'open' });
  });

  it('refuses an unknown course and a bad modality with their texts and fields', async () => {
    const { client } = await newUser(server, 'invalid');
    const course = await client.post('/api/intent/tutor', {
      mode: 'create',
      ...fields({ course_code: 'cs-999' }),
    });
    expect(course.status).toBe(400);
    expect(course.json).toEqual({ error: t.pickCourse, fields: { course_code: t.pickCourse } });
    const modality = await client.post('/api/intent/tutor', {
      mode: 'create',
      ...fields({ modality: 'telepathy' }),
    });
    expect(modality.status).toBe(400);
    expect(modality.json).toEqual({ error: t.badModality, fields: { modality: t.badModality } });
    expect((await client.post('/api/intent/tutor', { mode: 'sideways' })).status).toBe(400);
    expect((await client.get('/api/intent/tutor')).json).toEqual({ intent: null });
  });

  it('does not return an open intent past its expiry, and lets a new one be created', async () => {
    const { client, intentId } = await withIntent('expired', 'tutor');
    await server.ctx.db
      .updateTable('tutoring_intents')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', intentId)
      .execute();
    expect((await client.get('/api/intent/tutor')).json).toEqual({ intent: null });
    const created = await client.post('/api/intent/tutor', { mode: 'create', ...fields() });
    expect(created.status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('tutoring_intents')
      .select('status')
      .where('id', '=', intentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('archived');
  });

  it('recommends open tutors of the same course with scores, and nobody else', async () => {
    const course = { course_code: 'phys-201' };
    const tutoree = await withIntent('tutoree', 'tutoree', { ...course, prefs: { availability: 0 } });
    const good = await withIntent('good', 'tutor', course);
    const fair = await withIntent('fair', 'tutor', {
      ...course,
      modality: 'in_person',
      languages: 'de',
      campus: 'south',
      topic: 'optics',
    });
    await withIntent('peer', 'tutoree', course);
    await withIntent('elsewhere', 'tutor', { course_code: 'phys-210' });
    const paused = await withIntent('paused', 'tutor', course);
    await paused.client.post('/api/intent/tutor', { mode: 'pause' });
    const archived = await withIntent('archived', 'tutor', course);
    await archived.client.request('DELETE', '/api/intent/tutor/delete', {
      body: { intent_id: archived.intentId },
    });
    const hidden = await withIntent('hidden', 'tutor', { ...course, is_open: false });
    // The tutoree is a tutor of the course too: never recommended to themself.
    await tutoree.client.post('/api/intent/tutor', { mode: 'create', ...fields(course) });

    const res = await recs(tutoree.client, 'tutoree');
    expect(res.subject_intent_id).toBe(tutoree.intentId);
    expect(res.results.map((r) => r.candidate_username)).toEqual([good.name, fair.name]);
    expect(res.results.map((r) => r.candidate_username)).not.toContain(hidden.name);
    expect(res.results[0]).toEqual({
      candidate_intent_id: good.intentId,
      candidate_username: good.name,
      score: 1,
      field_scores: { course: 1, modality: 1, languages: 1, campus: 1, topic: 1 },
      course_code: 'phys-201',
      modality: 'online',
      languages: 'en,fr',
      campus: 'north',
      location_hint: '',
      topic: 'recursion',
      pitch: '',
      availability: 'monday evening',
      remaining_capacity: 5,
    });
    expect(res.results[1]).toMatchObject({
      candidate_intent_id: fair.intentId,
      score: 0.3333,
      field_scores: { course: 1, modality: 0, languages: 0, campus: 0, topic: 0 },
    });
    // And the other way round: the tutor sees the tutoree.
    expect((await recs(good.client, 'tutor')).results.map((r) => r.candidate_username)).toContain(
      tutoree.name,
    );
  });

  it('answers no recommendations without an open intent', async () => {
    const { client } = await newUser(server, 'nobody');
    expect(await recs(client, 'tutoree')).toEqual({ subject_intent_id: null, results: [] });
  });

  it("a match's note reaches the open conversation live, and tells the tutor's matchmaking screen", async () => {
    const course = { course_code: 'chem-201' };
    const tutoree = await withIntent('learner', 'tutoree', course);
    const tutor = await withIntent('teacher', 'tutor', course);
    // They talk already: the match's note goes into that conversation.
    const dm = (await tutoree.client.post('/api/dms/', { username: tutor.name })).json.room as number;
    const tutorRoom = await openReadySocket(server.baseUrl, tutor.client, dm);
    const { socket: tutorNotes } = await openReadyNotificationSocket(server.baseUrl, tutor.client);
    const res = await tutoree.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect(res.json).toEqual({ room: dm });
    expect(await tutorRoom.next((f) => f.type === 'message')).toMatchObject({
      username: 'studium-bot',
      is_bot: true,
      message: expect.stringContaining('CHEM-201'),
    });
    expect(await tutorNotes.next((f) => f.type === 'notification.created')).toMatchObject({
      notification: { kind: 'match', room: dm },
    });
    expect(await tutorNotes.next((f) => f.type === 'read_state' && f.room === dm)).toMatchObject({
      read_state: { unread: 1 },
    });
    await Promise.all([tutorRoom.close(), tutorNotes.close()]);
  });

  it('accepting opens a DM both can read and notifies the tutor; the pair then leaves the recommendations', async () => {
    const course = { course_code: 'chem-101' };
    const tutoree = await withIntent('learner', 'tutoree', course);
    const tutor = await withIntent('teacher', 'tutor', course);
    const res = await tutoree.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ room: expect.any(Number) });
    const room = res.json.room as number;
    expect((await tutoree.client.get(`/api/rooms/${room}/`)).status).toBe(200);
    expect((await tutor.client.get(`/api/rooms/${room}/`)).status).toBe(200);
    expect((await tutor.client.get(`/api/rooms/${room}/`)).json).toMatchObject({ kind: 'dm' });
    const notifications = (await tutor.client.get('/api/notifications/')).json.notifications as Array<
      Record<string, unknown>
    >;
    expect(notifications).toEqual([
      expect.objectContaining({
        kind: 'match',
        room,
        actor: tutoree.name,
        text: 'Tutoring match for CHEM-101',
        message_id: null,
        read_at: null,
      }),
    ]);
    expect((await tutoree.client.get('/api/notifications/')).json.notifications).toEqual([]);

    expect((await recs(tutoree.client, 'tutoree')).results).toEqual([]);
    expect((await recs(tutor.client, 'tutor')).results).toEqual([]);
    const twice = await tutoree.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect(twice.status).toBe(404);
    expect(twice.json.error).toBe(t.candidateNotFound);
    const back = await tutor.client.post('/api/intent/tutor/accept', {
      subject_intent_id: tutor.intentId,
      candidate_intent_id: tutoree.intentId,
    });
    expect(back.status).toBe(404);
  });

  it('keeps a record of matches on both sides, shows a tutor’s places left, and notes the match in the DM', async () => {
    const course = { course_code: 'phil-101' };
    const tutor = await withIntent('mentor', 'tutor', { ...course, capacity: 2 });
    const tutoree = await withIntent('pupil', 'tutoree', course);
    const before = await recs(tutoree.client, 'tutoree');
    expect(before.results.find((r) => r.candidate_intent_id === tutor.intentId)?.remaining_capacity).toBe(2);
    expect((await tutor.client.get('/api/intent/tutor/matches')).json).toEqual({
      matches: [],
      capacity: { remaining: 2, total: 2 },
    });
    const res = await tutoree.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    const room = res.json.room as number;
    const mine = await tutoree.client.get('/api/intent/tutoree/matches');
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({
      matches: [
        {
          username: tutor.name,
          role: 'tutor',
          course_code: 'phil-101',
          room,
          matched_at: expect.any(String),
        },
      ],
      capacity: null,
    });
    expect((await tutor.client.get('/api/intent/tutor/matches')).json).toEqual({
      matches: [
        {
          username: tutoree.name,
          role: 'tutoree',
          course_code: 'phil-101',
          room,
          matched_at: expect.any(String),
        },
      ],
      capacity: { remaining: 1, total: 2 },
    });
    // Another role's list and another user's list stay apart.
    expect((await tutor.client.get('/api/intent/tutoree/matches')).json.matches).toEqual([]);
    const stranger = await newUser(server, 'stranger');
    expect((await stranger.client.get('/api/intent/tutor/matches')).json).toEqual({
      matches: [],
      capacity: null,
    });
    const history = (await tutor.client.get(`/api/rooms/${room}/messages/`)).json.messages as Array<{
      message: string;
    }>;
    expect(history.map((m) => m.message)).toEqual([t.matchNote('PHIL-101', tutor.name, tutoree.name)]);
  });

  it('declining hides the candidate, idempotently', async () => {
    const course = { course_code: 'bio-101' };
    const tutoree = await withIntent('decider', 'tutoree', course);
    const tutor = await withIntent('declined', 'tutor', course);
    const other = await withIntent('kept', 'tutor', course);
    const body = { subject_intent_id: tutoree.intentId, candidate_intent_id: tutor.intentId };
    for (let i = 0; i < 2; i++) {
      const res = await tutoree.client.post('/api/intent/tutoree/decline', body);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ok: true });
    }
    expect((await recs(tutoree.client, 'tutoree')).results.map((r) => r.candidate_intent_id)).toEqual([
      other.intentId,
    ]);
    expect((await tutoree.client.post('/api/intent/tutoree/accept', body)).status).toBe(404);
  });

  it("keeps other people's intents theirs: no accepting with them, no deleting them", async () => {
    const course = { course_code: 'econ-101' };
    const tutoree = await withIntent('owner', 'tutoree', course);
    const tutor = await withIntent('target', 'tutor', course);
    const intruder = await withIntent('intruder', 'tutoree', course);
    const accept = await intruder.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect(accept.status).toBe(404);
    expect(accept.json.error).toBe(t.intentNotFound);
    const decline = await intruder.client.post('/api/intent/tutoree/decline', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect(decline.status).toBe(404);
    const del = await intruder.client.request('DELETE', '/api/intent/tutoree/delete', {
      body: { intent_id: tutoree.intentId },
    });
    expect(del.status).toBe(404);
    expect(del.json.error).toBe(t.intentNotFound);
    expect((await tutoree.client.get('/api/intent/tutoree')).json.intent).toMatchObject({
      id: tutoree.intentId,
      status: 'open',
    });
    // Own intent as a candidate, or one of the same role: not a match.
    const self = await tutoree.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: intruder.intentId,
    });
    expect(self.status).toBe(404);
    expect(self.json.error).toBe(t.candidateNotFound);
  });

  it("answers someone else's intent id exactly like a missing one, so ids cannot be probed", async () => {
    const course = { course_code: 'hist-101' };
    const victim = await withIntent('probed', 'tutoree', course);
    const tutor = await withIntent('probe_tutor', 'tutor', course);
    const prober = await withIntent('prober', 'tutoree', course);
    for (const action of ['accept', 'decline']) {
      const asked = (subject: number) =>
        prober.client.post(`/api/intent/tutoree/${action}`, {
          subject_intent_id: subject,
          candidate_intent_id: tutor.intentId,
        });
      const [theirs, missing] = [await asked(victim.intentId), await asked(2_000_000_000)];
      expect({ status: theirs.status, body: theirs.json }).toEqual({
        status: missing.status,
        body: missing.json,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.json).toEqual({ error: t.intentNotFound });
    }
  });

  it('keeps one current intent per role when two creates arrive at once', async () => {
    const { client, name } = await newUser(server, 'twice');
    const answers = await Promise.all(
      [0, 1, 2].map(() => client.post('/api/intent/tutor', { mode: 'create', ...fields() })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await server.ctx.db
      .selectFrom('tutoring_intents')
      .select('id')
      .where('user_id', '=', await userId(server.ctx, name))
      .where('status', '=', 'open')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives a tutor’s last place to one of two tutorees accepting at once, and leaves the other no room', async () => {
    const course = { course_code: 'math-240' };
    const tutor = await withIntent('last_place', 'tutor', { ...course, capacity: 1 });
    const first = await withIntent('racer_a', 'tutoree', course);
    const second = await withIntent('racer_b', 'tutoree', course);
    const answers = await Promise.all(
      [first, second].map((s) =>
        s.client.post('/api/intent/tutoree/accept', {
          subject_intent_id: s.intentId,
          candidate_intent_id: tutor.intentId,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const loser = answers[0]!.status === 404 ? first : second;
    const decisions = await server.ctx.db
      .selectFrom('tutoring_decisions')
      .select('room_id')
      .where('candidate_intent_id', '=', tutor.intentId)
      .where('decision', '=', 'accepted')
      .execute();
    expect(decisions).toHaveLength(1);
    // The refused accept opened no conversation.
    const dm = await server.ctx.db
      .selectFrom('rooms')
      .select('id')
      .where('path', '=', `dm:${[loser.name.toLowerCase(), tutor.name.toLowerCase()].sort().join(':')}`)
      .execute();
    expect(dm).toEqual([]);
  });

  it('matches a pair once when both sides accept each other at once', async () => {
    const course = { course_code: 'cs-201' };
    const tutor = await withIntent('both_tutor', 'tutor', course);
    const tutoree = await withIntent('both_tutoree', 'tutoree', course);
    const answers = await Promise.all([
      tutoree.client.post('/api/intent/tutoree/accept', {
        subject_intent_id: tutoree.intentId,
        candidate_intent_id: tutor.intentId,
      }),
      tutor.client.post('/api/intent/tutor/accept', {
        subject_intent_id: tutor.intentId,
        candidate_intent_id: tutoree.intentId,
      }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const rooms = await server.ctx.db
      .selectFrom('rooms')
      .select('id')
      .where('path', '=', `dm:${[tutor.name.toLowerCase(), tutoree.name.toLowerCase()].sort().join(':')}`)
      .execute();
    expect(rooms).toHaveLength(1);
  });

  it('hides a tutor whose matches reached their capacity', async () => {
    const course = { course_code: 'ee-101' };
    const tutor = await withIntent('busy', 'tutor', { ...course, capacity: 1 });
    const first = await withIntent('first', 'tutoree', course);
    const second = await withIntent('second', 'tutoree', course);
    expect((await recs(second.client, 'tutoree')).results.map((r) => r.candidate_intent_id)).toEqual([
      tutor.intentId,
    ]);
    expect(
      (
        await first.client.post('/api/intent/tutoree/accept', {
          subject_intent_id: first.intentId,
          candidate_intent_id: tutor.intentId,
        })
      ).status,
    ).toBe(200);
    expect((await recs(second.client, 'tutoree')).results).toEqual([]);
    expect((await recs(tutor.client, 'tutor')).results).toEqual([]);
    const late = await second.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: second.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect(late.status).toBe(404);
    expect(late.json.error).toBe(t.candidateNotFound);
  });

  it('passes over the best-scored tutors with no place left and answers the next best', async () => {
    const course = 'hist-201';
    const tutoree = await withIntent('after_full', 'tutoree', { course_code: course });
    const owners = await Promise.all(
      [0, 1, 2].map(async (i) => userId(server.ctx, (await newUser(server, `owner${i}`)).name)),
    );
    const at = nowIso();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    // 60 tutors scored alike (ties go by id): the first 30 have taken their one student, so the
    // answer must reach past the first slice of candidates read in full.
    const intent = (i: number, role: 'tutor' | 'tutoree', code: string) => ({
      user_id: owners[i % owners.length]!,
      role,
      course_code: code,
      modality: 'online' as const,
      campus: 'North',
      languages: 'English, french',
      location_hint: '',
      topic: 'Recursion',
      capacity: 1,
      is_open: 1,
      prefs: '{}',
      ttl_days: 1,
      pitch: `tutor ${i}`,
      availability: 'monday evening',
      status: 'open' as const,
      created_at: at,
      updated_at: at,
      expires_at: expires,
    });
    const tutors = await server.ctx.db
      .insertInto('tutoring_intents')
      .values(Array.from({ length: 60 }, (_, i) => intent(i, 'tutor', course)))
      .returning('id')
      .execute();
    const student = await server.ctx.db
      .insertInto('tutoring_intents')
      .values(intent(0, 'tutoree', 'hist-101'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = tutors.map((r) => r.id).sort((a, b) => a - b);
    await server.ctx.db
      .insertInto('tutoring_decisions')
      .values(
        ids.slice(0, 30).map((id) => ({
          subject_intent_id: id,
          candidate_intent_id: student.id,
          decision: 'accepted' as const,
          room_id: null,
          created_at: at,
        })),
      )
      .execute();
    const res = await recs(tutoree.client, 'tutoree');
    expect(res.results.map((r) => r.candidate_intent_id)).toEqual(ids.slice(30, 50));
    expect(res.results.map((r) => r.pitch)).toEqual(ids.slice(30, 50).map((_, i) => `tutor ${30 + i}`));
    expect(new Set(res.results.map((r) => r.remaining_capacity))).toEqual(new Set([1]));
  });

  it("removes a deleted account's intents with it", async () => {
    const course = { course_code: 'me-101' };
    const tutoree = await withIntent('stays', 'tutoree', course);
    const tutor = await withIntent('leaves', 'tutor', course);
    await tutoree.client.post('/api/intent/tutoree/accept', {
      subject_intent_id: tutoree.intentId,
      candidate_intent_id: tutor.intentId,
    });
    expect((await tutor.client.post(`/api/profile/delete/${tutor.name}/`)).status).toBe(200);
    const left = await server.ctx.db
      .selectFrom('tutoring_intents')
      .select('id')
      .where('id', '=', tutor.intentId)
      .execute();
    expect(left).toEqual([]);
    expect((await tutoree.client.get('/api/intent/tutoree')).json.intent).toMatchObject({
      id: tutoree.intentId,
    });
  });

  it('answers recommendations well under a second among 2,000 open intents', async () => {
    const course = 'math-201';
    const tutoree = await withIntent('crowd', 'tutoree', { course_code: course });
    const tutorIds = await Promise.all(
      [0, 1, 2, 3].map(async (i) => userId(server.ctx, (await newUser(server, `many${i}`)).name)),
    );
    const at = nowIso();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    for (let chunk = 0; chunk < 10; chunk++) {
      const rows = Array.from({ length: 200 }, (_, i) => ({
        user_id: tutorIds[i % tutorIds.length]!,
        role: (i % 2 === 0 ? 'tutor' : 'tutoree') as 'tutor' | 'tutoree',
        course_code: i % 3 === 0 ? 'math-210' : course,
        modality: 'online' as const,
        campus: `campus ${i % 7}`,
        languages: i % 2 ? 'en' : 'en,de',
        location_hint: '',
        topic: `topic ${i % 11}`,
        capacity: 5,
        is_open: 1,
        prefs: '{}',
        ttl_days: 1,
        pitch: '',
        availability: `day ${i % 5}`,
        status: 'open' as const,
        created_at: at,
        updated_at: at,
        expires_at: expires,
      }));
      await server.ctx.db.insertInto('tutoring_intents').values(rows).execute();
    }
    await recs(tutoree.client, 'tutoree');
    const started = performance.now();
    const res = await recs(tutoree.client, 'tutoree');
    const elapsed = performance.now() - started;
    expect(res.results).toHaveLength(20);
    const scores = res.results.map((r) => r.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(elapsed).toBeLessThan(500);
  });
});
