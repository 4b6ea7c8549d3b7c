import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';
import { openReadySocket } from '../../test/ws-client';

const TOKEN = 'a-metrics-token-of-some-length';
const ROOM = 'science.computer_science.cs-101';

describe.each(DIALECTS)('health, readiness and metrics (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    // Behind a proxy: the client address comes from X-Forwarded-For, as nginx sends it.
    server = await startTestServer(dialect, {
      TRUST_PROXY: '1',
      METRICS_TOKEN: TOKEN,
      SEED_DEMO: '1',
      MESSAGE_RATE_LIMIT: '1/0.001',
    });
  });
  afterAll(() => server.close());

  it('answers /healthz and /readyz without a session', async () => {
    const client = new TestClient(server.baseUrl);
    expect(await client.get('/healthz')).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(await client.get('/readyz')).toMatchObject({
      status: 200,
      json: { status: 'ok', database: 'ok', redis: 'none' },
    });
  });

  it('serves /metrics to loopback with the series operators watch', async () => {
    const alice = new TestClient(server.baseUrl);
    await alice.signUp(uniqueName('alice'));
    const room = (await alice.get(`/api/rooms/${ROOM}/`)).json as { id: number };
    const socket = await openReadySocket(server.baseUrl, alice, room.id);
    // The seed's messages were stored by this process too: the send counts one more.
    const value = (text: string | undefined, series: string) =>
      Number(new RegExp(`^${series} (\\d+)$`, 'm').exec(text ?? '')?.[1] ?? NaN);
    const before = (await alice.get('/metrics')).text;
    socket.send({ action: 'send_message', message: 'counted', client_id: 'm-1' });
    await socket.next((f) => f.type === 'message');
    socket.send({ action: 'send_message', message: 'over the limit', client_id: 'm-2' });
    await socket.next((f) => typeof f.error === 'string' && f.error.startsWith('Too many'));

    const res = await alice.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.text).toMatch(/^studium_open_sockets\{kind="room"\} 1$/m);
    expect(value(res.text, 'studium_messages_stored_total')).toBe(
      value(before, 'studium_messages_stored_total') + 1,
    );
    expect(res.text).toMatch(/^studium_rate_limit_rejections_total\{purpose="message"\} 1$/m);
    expect(value(res.text, 'studium_send_to_publish_seconds_count')).toBe(
      value(before, 'studium_send_to_publish_seconds_count') + 1,
    );
    expect(res.text).toMatch(/^studium_frames_delivered_total [1-9]/m);
    expect(res.text).toMatch(/^studium_frames_held_total \d+$/m);
    // The search indexer takes the new message behind the writes (a unit of its own), so the
    // queue is read until it has drained rather than at one moment.
    await expect
      .poll(async () => value((await alice.get('/metrics')).text, 'studium_db_write_queue_depth'), {
        timeout: 5000,
        interval: 50,
      })
      .toBe(0);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    // Route patterns, never raw URLs (which would make a series per room and per user).
    expect(res.text).toContain(
      'studium_http_request_duration_seconds_count{route="/api/rooms/:room/",method="GET",status="2xx"}',
    );
    if (dialect === 'postgres')
      expect(res.text).toMatch(/^studium_db_pool_connections\{state="total"\} [1-9]/m);
    await socket.close();
  });

  it('refuses /metrics to a client beyond the proxy unless it bears the token', async () => {
    const remote = new TestClient(server.baseUrl);
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    expect((await remote.request('GET', '/metrics', { headers: forwarded })).status).toBe(403);
    expect(
      (
        await remote.request('GET', '/metrics', {
          headers: { ...forwarded, authorization: 'Bearer wrong-token-of-some-length' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await remote.request('GET', '/metrics', {
          headers: { ...forwarded, authorization: `Bearer ${TOKEN}` },
        })
      ).status,
    ).toBe(200);
  });
});
