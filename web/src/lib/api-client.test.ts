import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@studium/protocol';
import {
  ApiError,
  apiRequest,
  CsrfError,
  endingSession,
  errorText,
  NetworkError,
  SessionEndedError,
  sessionEnded,
  sessionStarted,
} from './api-client';

function stubBrowser(cookie: string, responses: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const doc = { cookie };
  vi.stubGlobal('document', doc);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url === '/api/csrf/') doc.cookie = 'csrftoken=fresh';
      const next = url === '/api/csrf/' ? new Response('{}') : responses.shift();
      if (next instanceof Error) throw next;
      return next ?? new Response('{}');
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the CSRF header read from the cookie', async () => {
    const calls = stubBrowser('csrftoken=abc', [new Response('{"ok":true}')]);
    await expect(apiRequest('POST', '/api/logout/', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('fetches /api/csrf/ first when the cookie is missing', async () => {
    const calls = stubBrowser('', [new Response('{}')]);
    await apiRequest('POST', '/api/login/', { body: {} });
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf/', '/api/login/']);
    expect((calls[1]?.init.headers as Record<string, string>)['X-CSRFToken']).toBe('fresh');
  });

  it('sends no unsafe request when no CSRF cookie can be had', async () => {
    const calls: string[] = [];
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/csrf/') throw new TypeError('Failed to fetch');
        return new Response('{}');
      }),
    );
    const err = await apiRequest('POST', '/api/profile/', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CsrfError);
    expect(err).toBeInstanceOf(NetworkError);
    expect(calls).toEqual(['/api/csrf/']);
  });

  it('does not send the CSRF header on GET', async () => {
    const calls = stubBrowser('csrftoken=abc', [new Response('{}')]);
    await apiRequest('GET', '/api/session/');
    expect((calls[0]?.init.headers as Record<string, string>)['X-CSRFToken']).toBeUndefined();
  });

  it('throws ApiError with the server error and fields', async () => {
    stubBrowser('csrftoken=abc', [
      new Response(JSON.stringify({ error: 'Bad', fields: { username: 'Taken' } }), { status: 400 }),
    ]);
    const err = await apiRequest('POST', '/api/register/', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, serverError: 'Bad', fields: { username: 'Taken' } });
  });

  it('retries once after a CSRF failure with a fresh token', async () => {
    const calls = stubBrowser('csrftoken=old', [
      new Response(JSON.stringify({ error: TEXTS.server.csrfFailed }), { status: 403 }),
      new Response('{"ok":true}'),
    ]);
    await expect(apiRequest('POST', '/api/logout/')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/logout/', '/api/csrf/', '/api/logout/']);
  });

  it('turns a failed fetch into a NetworkError', async () => {
    stubBrowser('csrftoken=abc', [new TypeError('Failed to fetch')]);
    const err = await apiRequest('POST', '/api/login/', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe('Failed to fetch');
  });

  it("prefers the server's text, else the fallback", () => {
    expect(errorText(new ApiError(400, { error: 'Nope' }), 'Login failed')).toBe('Nope');
    expect(errorText(new ApiError(500, null), 'Login failed')).toBe('Login failed');
    expect(errorText(new Error('x'), 'Login failed')).toBe('Login failed');
  });

  it('holds a read asked for while the session ends, and drops it unsent once it has ended', async () => {
    const calls = stubBrowser('csrftoken=abc', [new Response('{"ok":true}'), new Response('{}')]);
    let read: Promise<unknown> | undefined;
    await endingSession(async () => {
      read = apiRequest('GET', '/api/rooms/?scope=tree').catch((e: unknown) => e);
      await apiRequest('POST', '/api/logout/');
    });
    expect(await read).toBeInstanceOf(SessionEndedError);
    expect(calls.map((c) => c.url)).toEqual(['/api/logout/']);
    // Once it is over, reads go out again.
    await apiRequest('GET', '/api/session/');
    expect(calls.map((c) => c.url)).toEqual(['/api/logout/', '/api/session/']);
  });

  it('sends the held read when the logout failed: the session goes on', async () => {
    const calls = stubBrowser('csrftoken=abc', [new Response('{}', { status: 500 }), new Response('[]')]);
    let read: Promise<unknown> | undefined;
    const failed = await endingSession(async () => {
      read = apiRequest('GET', '/api/rankings/');
      await apiRequest('POST', '/api/logout/');
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    await expect(read).resolves.toEqual([]);
    expect(calls.map((c) => c.url)).toEqual(['/api/logout/', '/api/rankings/']);
  });

  it("drops a leaving screen's read after the session ended, but not the session's, until one starts", async () => {
    const calls = stubBrowser('csrftoken=abc', [new Response('{}'), new Response('{}')]);
    sessionEnded();
    // A screen whose code arrived just after the logout asks for its data: never sent.
    await expect(apiRequest('GET', '/api/profile/')).rejects.toBeInstanceOf(SessionEndedError);
    await apiRequest('GET', '/api/session/');
    expect(calls.map((c) => c.url)).toEqual(['/api/session/']);
    sessionStarted();
    await apiRequest('GET', '/api/profile/');
    expect(calls.map((c) => c.url)).toEqual(['/api/session/', '/api/profile/']);
  });
});
