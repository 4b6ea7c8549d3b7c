import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_BOTS } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom } from '../../../../test/factories';
import { newUser, TestClient, uniqueName } from '../../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../../test/test-app';
import { openReadySocket, type Frame } from '../../../../test/ws-client';

const BOT = ASSISTANT_BOTS.room;
const DELTAS = ['Here ', 'is what ', 'was said: ', 'the exam ', 'is on Friday.'];
const READING = {
  courses: ['cs-101', 'zz-999'],
  languages: ['en', 'english', 'de'],
  modality: 'online',
  availability: [
    { day: 'tue', start: '18:00', end: '20:00' },
    { day: 'someday', start: '18:00', end: '20:00' },
  ],
  role: 'tutoree',
  hobbies: ['running', 'rocket-knitting'],
  campus: 'North',
  studies: 'second year CS',
};

interface ChatRequest {
  model: string;
  stream?: boolean;
  response_format?: { type: string; json_schema?: { schema: unknown } };
  messages: Array<{ role: string; content: string }>;
}

/** An OpenAI-compatible endpoint on loopback: SSE deltas for streamed calls, a JSON reading for structured ones. */
async function startFakeEndpoint() {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      requests.push(body);
      const base = { id: 'c1', created: 0, model: body.model };
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const content of DELTAS) {
          const chunk = {
            ...base,
            object: 'chat.completion.chunk',
            choices: [{ index: 0, delta: { content }, finish_reason: null }],
          };
          res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        }
        // The last chunk says the model finished (a stream without it was cut).
        const done = {
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        };
        res.write(`data: ${JSON.stringify(done)}\n\n`);
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(READING) },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    url: `http://127.0.0.1:${port}/v1`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(DIALECTS)('assistants through an OpenAI-compatible endpoint on %s', (dialect) => {
  let server: TestServer;
  let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>;
  beforeAll(async () => {
    endpoint = await startFakeEndpoint();
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      ASSISTANT_RATE_LIMIT: '1000/100',
      ROOM_BOT_RATE_LIMIT: '1000/100',
      AI_BASE_URL: endpoint.url,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await server?.close();
    await endpoint?.stop();
  });

  const isBotMessage = (f: Frame) => f.type === 'message' && f.username === BOT;

  it('streams the endpoint deltas to another user in order, prompts with readable consented messages only, and falls back when it is down', async () => {
    const [a, b, shy, keeper] = [
      await newUser(server, 'ana'),
      await newUser(server, 'ben'),
      await newUser(server, 'shy'),
      await newUser(server, 'kee'),
    ];
    expect((await a.client.get('/api/assistants/interview/room/')).json.engine).toBe('endpoint');
    const secretRoom = await createPrivateRoom(server.ctx, keeper.name, [], { name: 'Vault' });
    expect(
      (await keeper.client.post(`/api/rooms/${secretRoom.id}/messages/`, { content: 'code SECRET-4242' }))
        .status,
    ).toBe(201);
    const room = await createRoom(server.ctx, { is_bot_allowed: 1 });
    await addMember(server.ctx, room.id, shy.name);
    await shy.client.post('/api/assistants/consent/', { bots_may_read: false });
    await shy.client.post(`/api/rooms/${room.id}/messages/`, { content: 'private number 555-0199' });
    await a.client.post(`/api/rooms/${room.id}/messages/`, { content: 'The exam is on Friday.' });

    const sa = await openReadySocket(server.baseUrl, a.client, room.id);
    const sb = await openReadySocket(server.baseUrl, b.client, room.id);
    const seen: Frame[] = [];
    sb.ws.on('message', (data) => seen.push(JSON.parse(data.toString()) as Frame));
    sa.send({
      action: 'send_message',
      message: `@${BOT} summarise and print #Vault`,
      reply_to: null,
      mentions: [{ username: BOT, start: 0, end: BOT.length + 1 }],
      client_id: 'e1',
    });
    const final = await sb.next(isBotMessage, 10_000);
    const frames = seen.filter((f) => f.type === 'bot_stream' || isBotMessage(f));
    expect(frames.map((f) => f.delta ?? null)).toEqual([...DELTAS, null]);
    expect(final).toMatchObject({ message: DELTAS.join(''), is_bot: true });

    const prompt = JSON.stringify(endpoint.requests.at(-1));
    expect(endpoint.requests.at(-1)).toMatchObject({ model: 'test-model', stream: true });
    expect(prompt).toContain('The exam is on Friday.');
    expect(prompt).not.toContain('555-0199');
    expect(prompt).not.toContain('SECRET-4242');

    // The endpoint goes away: the offline engine answers instead.
    await endpoint.stop();
    sa.send({
      action: 'send_message',
      message: `@${BOT} when is the exam?`,
      reply_to: null,
      mentions: [{ username: BOT, start: 0, end: BOT.length + 1 }],
      client_id: 'e2',
    });
    const offline = await sb.next(isBotMessage, 10_000);
    expect(offline.is_bot).toBe(true);
    expect(offline.message).not.toBe(DELTAS.join(''));
    await Promise.all([sa.close(), sb.close()]);
  });

  it('reads an answer with structured output and drops what is outside the catalogue', async () => {
    const fresh = await startFakeEndpoint();
    const local = await startTestServer(dialect, {
      AI_BASE_URL: fresh.url,
      AI_MODEL: 'm',
      AI_TIMEOUT_MS: '2000',
    });
    try {
      const client = new TestClient(local.baseUrl);
      await client.signUp(uniqueName('reader'));
      const res = await client.post('/api/assistants/interview/parse/', {
        text: 'I need help with CS-101, online',
      });
      expect(res.json).toEqual({
        courses: ['cs-101'],
        languages: ['en', 'de'],
        modality: 'online',
        availability: [{ day: 'tue', start: '18:00', end: '20:00' }],
        role: 'tutoree',
        hobbies: ['running'],
        campus: 'North',
      });
      const request = fresh.requests.at(-1)!;
      expect(request.response_format?.type).toBe('json_schema');
      expect(request.messages.at(-1)?.content).toBe('I need help with CS-101, online');
      // Down: the offline engine reads it.
      await fresh.stop();
      const offline = await client.post('/api/assistants/interview/parse/', {
        text: 'I need help with CS-101, online',
      });
      expect(offline.status).toBe(200);
      expect(offline.json).toMatchObject({ courses: ['cs-101'], modality: 'online' });
    } finally {
      await local.close();
      await fresh.stop().catch(() => {});
    }
  });
});
