import { errorResponse, TEXTS, type ErrorResponse } from '@studium/protocol';
import { readCookie } from './cookies';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';
const CSRF_PATH = '/api/csrf/';

/**
 * Where the reads that index.html's boot script sent ahead are taken, by path, once each: the
 * app hands in app/boot.ts's `takeEarlyRead` as it starts (app.tsx's mountApp). Not imported from
 * there: this module, which every screen imports, would import the page's entry with it.
 */
let takeEarlyRead: (path: string) => Promise<Response> | undefined = () => undefined;
export function takeEarlyReadsWith(take: typeof takeEarlyRead) {
  takeEarlyRead = take;
}

/** An HTTP error answer of the API: status plus the server's `{error, fields}` body. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's human message, if the body carried one. */
  readonly serverError: string | null;
  readonly fields: Record<string, string>;
  /** The whole answer as sent, for the few that carry more (a banned user's `ban`); parse before use. */
  readonly data: unknown;

  constructor(status: number, body: ErrorResponse | null, data: unknown = body) {
    super(body?.error || `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.serverError = body?.error || null;
    this.fields = body?.fields ?? {};
    this.data = data;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection reset, aborted). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * An unsafe request was not sent: there is no CSRF cookie and GET /api/csrf/ did not set one.
 * The server would refuse it; the user has to reload the page.
 */
export class CsrfError extends NetworkError {
  constructor() {
    super('No CSRF cookie');
    this.name = 'CsrfError';
  }
}

/** A read asked for while the session was ending, not sent: the server would have answered 401. */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended');
    this.name = 'SessionEndedError';
  }
}

/** While a logout is under way: resolves true once the session has ended, false if it has not. */
let sessionEnding: Promise<boolean> | null = null;

/**
 * Runs `work` (the logout and what follows it) while holding back every read the app asks for
 * meanwhile (a list refreshed by a live event, a screen's refetch): once the session has ended
 * they are dropped unsent, where they would have gone out under a session just ended and come back
 * 401s; if `work` fails, the session goes on and they are sent. docs/auth.md.
 */
export async function endingSession(work: () => Promise<void>): Promise<void> {
  let settle!: (ended: boolean) => void;
  const ending = new Promise<boolean>((resolve) => (settle = resolve));
  sessionEnding = ending;
  try {
    await work();
    settle(true);
  } catch (err) {
    settle(false);
    throw err;
  } finally {
    if (sessionEnding === ending) sessionEnding = null;
  }
}

/**
 * Set once this page has forgotten its session (a logout, a deleted account) until a session
 * starts again (a sign-in, or a session read that names a user). A screen still on its way out
 * (its code arrived, or it rendered, just after the session ended) would otherwise ask for its
 * data under no session and log a 401: such reads are dropped unsent, as during the logout. The
 * session's own read still goes out. No screen a visitor sees reads anything else. docs/auth.md.
 */
let signedOut = false;
export const SESSION_PATH = '/api/session/';

/** This page's session has ended: every read but the session's is dropped from now on. */
export function sessionEnded(): void {
  signedOut = true;
}

/** A session has started (or another tab's was found): reads go out again. */
export function sessionStarted(): void {
  signedOut = false;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

let csrfInFlight: Promise<void> | null = null;

/** GET /api/csrf/ so the server sets the `csrftoken` cookie; concurrent callers share one call. */
export function fetchCsrf(): Promise<void> {
  csrfInFlight ??= fetch(CSRF_PATH, { credentials: 'include', headers: { Accept: 'application/json' } })
    // Only the cookie matters, but the body is read all the same: an unread body keeps the
    // request open, and with it one of the browser's six connections to the server.
    .then((response) => response.text())
    .then(() => undefined)
    .finally(() => {
      csrfInFlight = null;
    });
  return csrfInFlight;
}

async function ensureCsrfCookie(): Promise<string | null> {
  if (!readCookie(CSRF_COOKIE)) {
    try {
      await fetchCsrf();
    } catch {
      /* no cookie: the caller throws CsrfError */
    }
  }
  return readCookie(CSRF_COOKIE);
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  if (method === 'GET' && signedOut && path !== SESSION_PATH) throw new SessionEndedError();
  if (method === 'GET' && sessionEnding && (await sessionEnding)) throw new SessionEndedError();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    // Read the cookie fresh every time: login rotates it.
    const token = await ensureCsrfCookie();
    if (!token) throw new CsrfError();
    headers[CSRF_HEADER] = token;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // The same read, sent by the page's boot script while the app loaded; if it failed, sent again.
  const early = method === 'GET' && !options.signal ? takeEarlyRead(path) : undefined;
  if (early) {
    const response = await early.catch(() => null);
    if (response) return response;
  }
  try {
    return await fetch(path, { method, credentials: 'include', headers, body, signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
}

/** An error answer's `{error, fields}` body, or null when it is not one (an HTML error page, say). */
function errorBody(data: unknown): ErrorResponse | null {
  const body = errorResponse.safeParse(data);
  return body.success ? body.data : null;
}

/** The one fetch wrapper of the app: JSON, cookies, CSRF header on every unsafe method. */
export async function apiRequest(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<unknown> {
  let response = await send(method, path, options);
  if (response.status === 403 && method !== 'GET') {
    const body = errorBody(await parseBody(response.clone()));
    // A stale or missing token (e.g. the cookie expired): refresh once and retry.
    if (body?.error === TEXTS.server.csrfFailed) {
      await fetchCsrf().catch(() => undefined);
      response = await send(method, path, options);
    }
  }
  const data = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, errorBody(data), data);
  return data;
}

/** The answer did not match its protocol schema: a server and a client of different versions. */
export class ContractError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected answer from ${path}`, { cause });
    this.name = 'ContractError';
  }
}

/** Any protocol schema: the client only needs it to parse. */
export interface ResponseSchema<T> {
  parse: (data: unknown) => T;
}

/** One request whose answer is checked against its protocol schema, so no screen casts a response. */
export async function requestChecked<T>(
  method: Method,
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const data = await apiRequest(method, path, options);
  try {
    return schema.parse(data);
  } catch (err) {
    throw new ContractError(path, err);
  }
}

/** The checked API: `checked.get(path, schema)`, `checked.post(path, body, schema)`, … */
export const checked = {
  get: <T>(path: string, schema: ResponseSchema<T>, options?: Omit<RequestOptions, 'body'>) =>
    requestChecked('GET', path, schema, options),
  post: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions) =>
    requestChecked('POST', path, schema, { ...options, body }),
  patch: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions) =>
    requestChecked('PATCH', path, schema, { ...options, body }),
  delete: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions) =>
    requestChecked('DELETE', path, schema, { ...options, body }),
};

/** The server's message if it sent one, else the caller's fallback text. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverError ? err.serverError : fallback;
}

/**
 * POSTs a multipart form with XMLHttpRequest, the one browser API that reports upload progress
 * (`onProgress` gets 0–100), with the same CSRF header and checked answer as every other call.
 */
export async function uploadChecked<T>(
  path: string,
  form: FormData,
  schema: ResponseSchema<T>,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const token = await ensureCsrfCookie();
  if (!token) throw new CsrfError();
  const { status, data } = await new Promise<{ status: number; data: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, data: parsed });
    };
    xhr.onerror = () => reject(new NetworkError('Upload failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (status < 200 || status >= 300) throw new ApiError(status, errorBody(data), data);
  try {
    return schema.parse(data);
  } catch (err) {
    throw new ContractError(path, err);
  }
}
