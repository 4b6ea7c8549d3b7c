/** The landing route of the hash router: no fragment, `#` or `#/`. */
export function isLandingHash(hash: string): boolean {
  return hash === '' || hash === '#' || hash === '#/';
}

/** The routes index.html carries prerendered, besides the landing page (see vite-plugins/landing-shell.ts). */
export const PRERENDERED_ROUTES = { '#/login': '/login', '#/register': '/register' } as const;

/** /home, which index.html carries as a frame (its data loading) for a signed-in user's first visit. */
export function hasPrerenderedFrame(hash: string): boolean {
  return hash === '#/home' || hash.startsWith('#/home?');
}

export function isPrerenderedHash(hash: string): boolean {
  return Object.hasOwn(PRERENDERED_ROUTES, hash);
}

/** A `GET /api/session/` answer as it came (unchecked JSON) and when it came. */
export interface PeekedSession {
  body: unknown;
  at: number;
}

/**
 * `GET /api/session/` read without the app's data layer and its schemas (which is what this avoids
 * loading); `null` when the server cannot say (offline, an error). The app checks the answer
 * against the protocol's schema before it uses it.
 */
export async function peekSession(early?: Promise<Response>): Promise<PeekedSession | null> {
  try {
    // `early`: the same read, sent already by index.html's boot script (src/lib/early-reads.ts).
    const res = await (early ?? fetch('/api/session/', { headers: { accept: 'application/json' } }));
    if (!res.ok) return null;
    return { body: (await res.json()) as unknown, at: Date.now() };
  } catch {
    return null;
  }
}

/** Whether a peeked session says the visitor is logged in: only `is_authenticated: true` counts. */
export function isLoggedIn(peeked: PeekedSession | null): boolean | null {
  const session = peeked?.body;
  return typeof session === 'object' && session !== null && 'is_authenticated' in session
    ? session.is_authenticated === true
    : null;
}
