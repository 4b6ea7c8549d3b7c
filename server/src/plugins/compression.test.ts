import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

/** A web build in miniature: an index page, and a hashed script with its build-time copies. */
function writeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const page = `<!doctype html><html><head><meta name="csp-nonce" content="%CSP_NONCE%"></head><body>${'<p>landing</p>'.repeat(200)}</body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.skipWaiting();');
  return dir;
}

describe.each(DIALECTS)('compression and caching on %s', (dialect) => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeWebDist();
    server = await startTestServer(dialect, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const fetchRaw = (url: string, headers: Record<string, string> = {}) =>
    fetch(server.baseUrl + url, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

  it('serves a hashed asset from its brotli copy, cached for a year', async () => {
    const res = await fetchRaw('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('console.log');
  });

  it('serves the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gzip = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('console.log');
  });

  it('compresses the page itself on the fly and never caches it', async () => {
    const res = await fetchRaw('/', { accept: 'text/html' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).not.toContain('%CSP_NONCE%');
  });

  it('has the service worker revalidated on every load', async () => {
    const res = await fetchRaw('/sw.js');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses a large API answer and keeps it out of caches, but leaves a small one alone', async () => {
    const c = new TestClient(server.baseUrl);
    await c.signUp(uniqueName());
    // A long blurb makes the own profile an answer well above the threshold.
    await c.post('/api/profile/', { profile_blurb: 'I like group study. '.repeat(45) });
    const big = await c.request('GET', '/api/profile/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.status).toBe(200);
    expect(big.text.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('cache-control')).toBe('no-store');

    const small = await c.request('GET', '/api/session/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.text.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('cache-control')).toBe('no-store');
  });
});
