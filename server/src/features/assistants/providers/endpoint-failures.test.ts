import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { InterviewTurn } from '../engine/types';
import { EndpointProvider } from './endpoint';
import { OfflineProvider } from './offline';

type Handler = (body: { stream?: boolean }, res: http.ServerResponse) => void;

/** An OpenAI-compatible endpoint on loopback whose every answer `handler` writes. */
async function fakeEndpoint(handler: Handler) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests++;
      handler(JSON.parse(raw) as { stream?: boolean }, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'c',
    created: 0,
    model: 'm',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

const completion = (content: string) =>
  JSON.stringify({
    id: 'c',
    created: 0,
    model: 'm',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });

/** A logger that keeps what was logged, as text. */
function recordingLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  const log = { warn: keep, info: keep, error: keep, debug: keep, trace: keep, fatal: keep } as unknown;
  return { lines, log: log as FastifyBaseLogger };
}

const TURN: InterviewTurn = {
  reply: 'Thanks! Which days suit you?',
} as InterviewTurn;

async function collect(stream: AsyncIterable<string>) {
  let text = '';
  for await (const delta of stream) text += delta;
  return text;
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function providerFor(
  handler: Handler,
  options: { timeoutMs?: number; cooldownMs?: number; apiKey?: string } = {},
) {
  const endpoint = await fakeEndpoint(handler);
  stops.push(endpoint.stop);
  const { lines, log } = recordingLog();
  const provider = new EndpointProvider(
    {
      baseUrl: endpoint.url,
      apiKey: options.apiKey ?? 'k',
      model: 'm',
      timeoutMs: options.timeoutMs ?? 2000,
      cooldownMs: options.cooldownMs ?? 0,
    },
    new OfflineProvider(0),
    log,
  );
  return { provider, endpoint, lines };
}

describe('the endpoint provider when the endpoint misbehaves', () => {
  it('follows a stream cut by the timeout with the offline answer instead of keeping the cut one', async () => {
    const { provider } = await providerFor(
      (_body, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk('Which days '));
        // …and nothing more: the model stalls until the client's timeout.
      },
      // Long enough for the first delta to arrive on a busy machine before the timeout cuts.
      { timeoutMs: 1500 },
    );
    const text = await collect(provider.interviewReply(TURN, 'I study CS'));
    expect(text).toBe('Which days \n\nThanks! Which days suit you?');
  });

  it('follows a stream that closes before the model finished with the offline answer', async () => {
    const { provider } = await providerFor((_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunk('Which days '));
    });
    expect(await collect(provider.interviewReply(TURN, 'I study CS'))).toBe(
      'Which days \n\nThanks! Which days suit you?',
    );
  });

  it('keeps a finished stream as it is', async () => {
    const { provider } = await providerFor((_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Great, '));
      res.write(chunk('which days?'));
      res.write(chunk(null, 'stop'));
      res.end('data: [DONE]\n\n');
    });
    expect(await collect(provider.interviewReply(TURN, 'I study CS'))).toBe('Great, which days?');
  });

  it('adds the endpoint reading to the offline one, never overriding a role or modality the engine read', async () => {
    const { provider } = await providerFor((_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        completion(
          JSON.stringify({
            courses: [],
            languages: ['de'],
            modality: 'in_person',
            availability: [],
            role: 'tutor',
            hobbies: [],
            campus: null,
            studies: '',
          }),
        ),
      );
    });
    const reading = await provider.parse('I need help with CS-101, online only');
    expect(reading.courses).toEqual(['cs-101']);
    expect(reading.role).toBe('tutoree');
    expect(reading.modality).toBe('online');
    expect(reading.languages).toContain('de');
  });

  it('reads a JSON answer wrapped in a ```json fence', async () => {
    const { provider } = await providerFor((_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const json = JSON.stringify({ courses: [], languages: ['fr'], hobbies: ['running'], availability: [] });
      res.end(completion('```json\n' + json + '\n```'));
    });
    const reading = await provider.parse('hello there');
    expect(reading.languages).toEqual(['fr']);
    expect(reading.hobbies).toEqual(['running']);
  });

  it('never logs the API key an error message echoes', async () => {
    const key = 'sk-live-0123456789abcdefSECRET';
    const { provider, lines } = await providerFor(
      (_body, res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}.` } }));
      },
      { apiKey: key },
    );
    await provider.parse('I need help with CS-101');
    await collect(provider.interviewReply(TURN, 'x'));
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    expect(logged).not.toContain('0123456789abcdef');
    expect(logged).toContain('[redacted]');
  });

  it('leaves a failing endpoint alone for the cool-down, then tries it again', async () => {
    const { provider, endpoint } = await providerFor(
      (_body, res) => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded' } }));
      },
      { cooldownMs: 300 },
    );
    expect((await provider.parse('I need help with CS-101')).courses).toEqual(['cs-101']);
    expect(endpoint.requests()).toBe(1);
    // Within the cool-down: offline answers, the endpoint is not asked.
    expect((await provider.parse('I need help with MATH-240')).courses).toEqual(['math-240']);
    expect(await collect(provider.interviewReply(TURN, 'x'))).toBe('Thanks! Which days suit you?');
    expect(endpoint.requests()).toBe(1);
    await expect
      .poll(async () => (await provider.parse('CS-101'), endpoint.requests()), { timeout: 3000 })
      .toBe(2);
  });
});
