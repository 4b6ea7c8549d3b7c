import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activePartyResponse, LANGUAGE_TEXTS, type IntentFieldsInput } from '@studium/protocol';
import { newUser } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

describe.each(DIALECTS)('languages as people write them, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  const intent = (languages: string): IntentFieldsInput => ({
    course_code: 'math-240',
    modality: 'online',
    languages,
  });

  it("stores 'English, Spanish' as en,es and scores it fully against a Spanish speaker", async () => {
    const tutoree = await newUser(server, 'tutoree');
    const saved = await tutoree.client.post('/api/intent/tutoree', {
      mode: 'create',
      ...intent('English, Spanish'),
    });
    expect(saved.status).toBe(200);
    expect(saved.json.intent).toMatchObject({ languages: 'en,es' });

    const tutor = await newUser(server, 'tutor');
    const tutorSaved = await tutor.client.post('/api/intent/tutor', {
      mode: 'create',
      ...intent('español, ENGLISH'),
    });
    expect(tutorSaved.json.intent).toMatchObject({ languages: 'es,en' });

    const recs = await tutoree.client.get('/api/intent/tutoree/recs');
    const match = (recs.json.results as Array<Record<string, unknown>>).find(
      (r) => r.candidate_username === tutor.name,
    );
    expect(match).toMatchObject({ languages: 'es,en', field_scores: { languages: 1 } });
  });

  it('reads own names, codes and aliases, and refuses a name that is no language', async () => {
    const { client } = await newUser(server, 'voices');
    const saved = await client.post('/api/intent/tutor', {
      mode: 'create',
      ...intent('Deutsch, Mandarin, 日本語, PT-br, Français'),
    });
    expect(saved.json.intent).toMatchObject({ languages: 'de,zh,ja,pt,fr' });

    const refused = await client.post('/api/intent/tutor', {
      mode: 'replace',
      ...intent('English, Klingon'),
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: LANGUAGE_TEXTS.unknown(['Klingon']),
      fields: { languages: LANGUAGE_TEXTS.unknown(['Klingon']) },
    });
  });

  it("stores a party's languages as codes", async () => {
    const { client, name } = await newUser(server, 'party');
    const res = await client.post('/api/party/active', {
      topic_key: 'math-240',
      target_size: 4,
      existing_member_count: 1,
      languages: 'Italiano, Polski and Svenska',
      modality: 'either',
      members: [{ username: name, display_name: name, is_owner: true }],
    });
    expect(res.status).toBe(200);
    expect(activePartyResponse.parse(res.json).party?.intent.payload.languages).toBe('it,pl,sv');
  });
});
