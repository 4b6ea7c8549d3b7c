import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activePartyResponse,
  COURSE_CATALOGUE,
  COURSE_CODES,
  courseSearchResponse,
  MATCHMAKING_TEXTS,
} from '@studium/protocol';
import { seedRoomList } from '../../seed/room-tree';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

describe('the course catalogue', () => {
  it('names every course as the room tree does, with its room path', () => {
    const tree = seedRoomList().filter((r) => (COURSE_CODES as readonly string[]).includes(r.slug));
    expect(tree.map((r) => r.slug).sort()).toEqual([...COURSE_CODES].sort());
    for (const room of tree) {
      const course = COURSE_CATALOGUE[room.slug as keyof typeof COURSE_CATALOGUE];
      expect(`${room.slug.toUpperCase()} ${course.name}`).toBe(room.name);
      expect(course.path).toBe(room.path);
    }
  });
});

describe.each(DIALECTS)('courses by name, on %s', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('courses'));
  });
  afterAll(async () => server?.close());

  const suggest = async (q: string) => {
    const res = await client.get(`/api/courses/?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return courseSearchResponse.parse(res.json).courses.map((c) => c.code);
  };

  it('answers 401 when logged out', async () => {
    expect((await new TestClient(server.baseUrl).get('/api/courses/?q=linear')).status).toBe(401);
  });

  it('suggests courses by a word of their name, their name, their code or a part of it', async () => {
    const res = await client.get('/api/courses/?q=linear');
    expect(res.json).toEqual({ courses: [{ code: 'math-110', name: 'Linear Algebra' }] });
    for (const q of ['Linear Algebra', 'linear algebra', 'MATH-110', 'math 110', 'MATH-110 Linear Algebra'])
      expect(await suggest(q), q).toEqual(['math-110']);
    expect(await suggest('algebra')).toEqual(['math-110', 'math-230']);
    expect(await suggest('calc')).toEqual(['math-101', 'math-102']);
    expect(await suggest('quidditch')).toEqual([]);
    expect(await suggest('')).toHaveLength(COURSE_CODES.length);
  });

  it('saves a tutoring intent for a course typed by its name, and refuses a name that fits several', async () => {
    const user = new TestClient(server.baseUrl);
    await user.signUp(uniqueName('intent'));
    for (const typed of ['Linear Algebra', 'linear', 'Linear Algebra (math-110)', ' MATH-110 ']) {
      const res = await user.post('/api/intent/tutoree', {
        mode: 'replace',
        course_code: typed,
        modality: 'online',
      });
      expect(res.status, typed).toBe(200);
      expect(res.json.intent, typed).toMatchObject({ course_code: 'math-110' });
    }
    const several = await user.post('/api/intent/tutoree', {
      mode: 'replace',
      course_code: 'algebra',
      modality: 'online',
    });
    expect(several.status).toBe(400);
    expect(several.json.fields).toEqual({ course_code: MATCHMAKING_TEXTS.pickCourse });
  });

  it("saves a party's course topic typed by its name as the course's code", async () => {
    const user = new TestClient(server.baseUrl);
    const name = await user.signUp(uniqueName('party'));
    const res = await user.post('/api/party/active', {
      topic_key: 'linear algebra',
      target_size: 3,
      existing_member_count: 1,
      members: [{ username: name, display_name: name, is_owner: true }],
    });
    expect(res.status).toBe(200);
    expect(activePartyResponse.parse(res.json).party?.topic_key).toBe('math-110');
  });
});
