import { expectAnswerContract } from './contract';

/**
 * A browser-like HTTP client for integration tests: keeps cookies, and sends the CSRF header
 * from the `csrftoken` cookie the way the SPA does (unless told not to). Every JSON answer is
 * checked against its protocol schema (test/contract.ts), so an answer that drifts from the
 * contract fails the test that received it.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    opts: { body?: unknown; csrf?: boolean; headers?: Record<string, string>; raw?: string } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] ??= 'application/json';
    const csrf = this.cookies.get('csrftoken');
    if (method !== 'GET' && opts.csrf !== false && csrf) headers['x-csrftoken'] = csrf;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    expectAnswerContract(method, path, res.status, json);
    return { status: res.status, headers: res.headers, json: json as Record<string, unknown>, text };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request('POST', path, { ...opts, body: body ?? {} });
  }

  /** Fetches the CSRF cookie, as the SPA does before its first unsafe call. */
  async csrf() {
    await this.get('/api/csrf/');
    return this.cookies.get('csrftoken')!;
  }

  async register(username: string, password = 'correct horse battery') {
    if (!this.cookies.has('csrftoken')) await this.csrf();
    return this.post('/api/register/', { username, password });
  }

  async login(username: string, password = 'correct horse battery') {
    if (!this.cookies.has('csrftoken')) await this.csrf();
    return this.post('/api/login/', { username, password });
  }

  /** Registers and logs in a fresh user; returns its username. */
  async signUp(username: string, password = 'correct horse battery') {
    const reg = await this.register(username, password);
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
    const login = await this.login(username, password);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    return username;
  }
}

let counter = 0;
/** A unique valid username for one test. */
export const uniqueName = (prefix = 'user') =>
  `${prefix}_${process.pid % 10000}_${++counter}_${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);

/** A fresh user on a client of their own, registered and logged in on `server`. */
export async function newUser(server: { baseUrl: string }, prefix = 'user') {
  const client = new TestClient(server.baseUrl);
  return { client, name: await client.signUp(uniqueName(prefix)) };
}
export type NewUser = Awaited<ReturnType<typeof newUser>>;
