import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_BOTS, ASSISTANT_TEXTS, TEXTS, WS_CLOSE } from '@studium/protocol';
import { createPrivateRoom, createRoom } from '../../../test/factories';
import { newUser, TestClient } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openRoomSocket } from '../../../test/ws-client';

const card = {
  studies: 'Second year computer science',
  courses: ['cs-101'],
  languages: ['en', 'fr'],
  modality: 'online',
  availability: [{ day: 'tue', start: '18:00', end: '20:00' }],
  role: 'tutor',
  hobbies: ['running'],
  campus: 'North',
};

describe.each(DIALECTS)('assistants routes on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      ASSISTANT_RATE_LIMIT: '1000/100',
    });
  });
  afterAll(async () => server?.close());

  it('answers 401 when logged out and 403 without the CSRF token', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.post('/api/assistants/interview/parse/', { text: 'hi' })).status).toBe(401);
    expect((await anon.get('/api/assistants/interview/')).status).toBe(401);
    expect((await anon.post('/api/assistants/interview/confirm/', card)).status).toBe(401);
    expect((await anon.get('/api/assistants/discover/?q=maths')).status).toBe(401);
    expect((await anon.get('/api/assistants/interview/room/')).status).toBe(401);
    expect((await anon.get('/api/assistants/consent/')).status).toBe(401);
    expect((await anon.post('/api/assistants/consent/', { bots_may_read: false })).status).toBe(401);
    expect((await anon.post('/api/onboarding/complete/')).status).toBe(401);

    const { client } = await newUser(server, 'csrf');
    for (const [path, body] of [
      ['/api/assistants/interview/parse/', { text: 'hi' }],
      ['/api/assistants/interview/confirm/', card],
      ['/api/assistants/consent/', { bots_may_read: false }],
      ['/api/onboarding/complete/', {}],
    ] as const) {
      const res = await client.post(path, body, { csrf: false });
      expect(res.status, path).toBe(403);
      expect(res.json.error).toBe(TEXTS.server.csrfFailed);
    }
    expect((await client.get('/api/assistants/consent/')).json).toEqual({ bots_may_read: true });
  });

  it('refuses bad input with a clear 400 and the field in error', async () => {
    const { client } = await newUser(server, 'bad');
    let res = await client.post('/api/assistants/interview/parse/', { text: '   ' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: ASSISTANT_TEXTS.emptyAnswer,
      fields: { text: ASSISTANT_TEXTS.emptyAnswer },
    });
    res = await client.post('/api/assistants/interview/parse/', { text: 'x'.repeat(2001) });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('text');
    res = await client.post('/api/assistants/interview/parse/', { text: 'hi', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ extra: 'Unknown field.' });
    res = await client.get('/api/assistants/discover/?q=');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: ASSISTANT_TEXTS.emptyQuery,
      fields: { q: ASSISTANT_TEXTS.emptyQuery },
    });
    res = await client.post('/api/assistants/consent/', { bots_may_read: 'no' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('bots_may_read');
    res = await client.post('/api/assistants/interview/confirm/', {
      ...card,
      courses: ['nope-999'],
      modality: 'telepathy',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields as object).sort()).toEqual(['courses.0', 'modality']);
    res = await client.post('/api/assistants/interview/confirm/', {
      ...card,
      availability: [{ day: 'tue', start: '20:00', end: '18:00' }],
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty(['availability.0.end']);
    res = await client.post('/api/assistants/interview/confirm/', { ...card, courses: [], role: 'tutoree' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('courses');
    expect((await client.get('/api/assistants/nobody/room/')).status).toBe(404);
  });

  it('keeps the consent and the finished tour per user', async () => {
    const { client } = await newUser(server, 'consent');
    expect((await client.post('/api/assistants/consent/', { bots_may_read: false })).json).toEqual({
      bots_may_read: false,
    });
    expect((await client.get('/api/assistants/consent/')).json).toEqual({ bots_may_read: false });
    expect((await client.get('/api/session/')).json.onboarding_completed).toBe(false);
    expect((await client.post('/api/onboarding/complete/')).json).toEqual({ onboarding_completed: true });
    expect((await client.get('/api/session/')).json.onboarding_completed).toBe(true);
  });

  it('makes one private assistant room per user and assistant, greeted by its bot', async () => {
    const { client, name } = await newUser(server, 'owner');
    const first = await client.get('/api/assistants/interview/room/');
    expect(first.status).toBe(200);
    const again = await client.get('/api/assistants/interview/room/');
    expect(again.json).toEqual(first.json);
    expect(first.json).toMatchObject({ bot_username: ASSISTANT_BOTS.interview, engine: 'offline' });
    const discovery = await client.get('/api/assistants/discovery/room/');
    expect(discovery.json.room_id).not.toBe(first.json.room_id);
    expect(discovery.json.bot_username).toBe(ASSISTANT_BOTS.discovery);

    const history = await client.get(`/api/rooms/${first.json.room_id}/messages/`);
    expect(history.json.messages).toEqual([
      expect.objectContaining({ username: ASSISTANT_BOTS.interview, is_bot: true }),
    ]);
    const greeting = await client.get(`/api/rooms/${discovery.json.room_id}/messages/`);
    expect(greeting.json.messages).toEqual([
      expect.objectContaining({ message: ASSISTANT_TEXTS.discoveryGreeting, is_bot: true }),
    ]);
    const detail = await client.get(`/api/rooms/${String(first.json.room_name)}/`);
    expect(detail.json).toMatchObject({
      kind: 'assistant',
      can_read: true,
      can_write: true,
      can_rename: false,
    });
    expect(detail.json.can_set_bot_allowed).toBe(false);
    const state = await client.get('/api/assistants/interview/');
    expect(state.json).toMatchObject({ room_id: first.json.room_id, complete: false, studies: '' });

    // Nobody else opens, reads or writes it, by id or by name, over HTTP or the socket.
    const { client: other } = await newUser(server, 'intruder');
    const roomId = first.json.room_id as number;
    // Another's private room does not exist for them: 404, as an unknown room.
    expect((await other.get(`/api/rooms/${roomId}/`)).status).toBe(404);
    expect((await other.get(`/api/rooms/${String(first.json.room_name)}/messages/`)).status).toBe(404);
    expect((await other.post(`/api/rooms/${roomId}/messages/`, { content: 'hello' })).status).toBe(404);
    expect((await other.post(`/api/rooms/${roomId}/join/`)).status).toBe(404);
    expect((await other.post(`/api/rooms/${roomId}/rename/`, { name: 'mine' })).status).toBe(404);
    const socket = openRoomSocket(server.baseUrl, other, roomId);
    expect((await socket.closed).code).toBe(WS_CLOSE.roomNotFound);
    // The other user's own assistant room is another one.
    expect((await other.get('/api/assistants/interview/room/')).json.room_id).not.toBe(roomId);

    // Never listed: not in the room tree, the conversations, nor the rankings.
    const tree = await client.get('/api/rooms/?parent=root');
    expect((tree.json.rooms as Array<{ id: number }>).map((r) => r.id)).not.toContain(roomId);
    expect((await client.get(`/api/rooms/?parent=${roomId}`)).json.rooms).toEqual([]);
    const dms = await client.get('/api/dms/');
    expect(JSON.stringify(dms.json)).not.toContain(`"room":${roomId}`);
    const rankings = await client.get('/api/rankings/');
    expect(JSON.stringify(rankings.json)).not.toContain(ASSISTANT_BOTS.interview);
    expect(name).toBeTruthy();
  });

  it('discovers only rooms the user may read', async () => {
    const { client, name } = await newUser(server, 'finder');
    const { name: ownerName } = await newUser(server, 'owner');
    const secret = await createPrivateRoom(server.ctx, ownerName, [], {
      name: 'Quantum cryptography secrets',
      topic: 'quantum cryptography',
    });
    const open = await createRoom(server.ctx, {
      name: 'Quantum cryptography',
      topic: 'quantum cryptography',
    });
    const mine = await createPrivateRoom(server.ctx, name, [], {
      name: 'Quantum cryptography circle',
      topic: 'quantum cryptography',
    });
    const res = await client.get('/api/assistants/discover/?q=quantum%20cryptography');
    expect(res.status).toBe(200);
    const ids = (res.json.rooms as Array<{ id: number; member: boolean }>).map((r) => r.id);
    expect(ids).not.toContain(secret.id);
    expect(ids).toContain(open.id);
    const circle = (res.json.rooms as Array<{ id: number; member: boolean }>).find((r) => r.id === mine.id);
    expect(circle?.member).toBe(true);
  });

  it('saves the profile and a tutoring intent on confirm, and nothing before', async () => {
    const { client, name } = await newUser(server, 'tutor');
    expect(
      (await client.post('/api/assistants/interview/parse/', { text: 'I can tutor CS-101 online' })).status,
    ).toBe(200);
    expect((await client.get('/api/intent/tutor')).json.intent).toBeNull();
    const res = await client.post('/api/assistants/interview/confirm/', card);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ intent_role: 'tutor', party_saved: false });
    expect(res.json.intent).toMatchObject({
      role: 'tutor',
      username: name,
      course_code: 'cs-101',
      modality: 'online',
      languages: 'en,fr',
      campus: 'north',
      availability: 'Tue 18:00–20:00',
      status: 'open',
    });
    const profile = await client.get('/api/profile/');
    expect(profile.json).toMatchObject({
      studies: 'Second year computer science',
      languages_spoken: 'English, French',
      interests: 'running',
    });
    // Confirming again replaces the intent.
    const again = await client.post('/api/assistants/interview/confirm/', {
      ...card,
      role: 'tutoree',
      modality: null,
    });
    expect(again.json).toMatchObject({
      intent_role: 'tutoree',
      intent: { role: 'tutoree', modality: 'either' },
    });
    expect((await client.get('/api/intent/tutor')).json.intent).toMatchObject({ role: 'tutor' });
  });

  it('saves a paused study party on confirm for a group', async () => {
    const { client, name } = await newUser(server, 'group');
    const res = await client.post('/api/assistants/interview/confirm/', {
      ...card,
      courses: [],
      role: 'group',
      modality: 'online',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ intent: null, intent_role: null, party_saved: true });
    const party = await client.get('/api/party/active');
    expect(party.json.party).toMatchObject({
      topic_key: 'running',
      status: 'paused',
      owner_username: name,
      target_size: 4,
    });
    const missing = await client.post('/api/assistants/interview/confirm/', {
      ...card,
      courses: [],
      hobbies: [],
      role: 'group',
    });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ courses: ASSISTANT_TEXTS.groupNeedsTopic });
  });
});
