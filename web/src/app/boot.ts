/** The landing route of the hash router: no fragment, `#` or `#/`. */
export function isLandingHash(hash: string): boolean {
  return hash === '' || hash === '#' || hash === '#/';
}

/** The routes index.html carries prerendered, besides the landing page (see vite-plugins/landing-shell.ts). */
export const PRERENDERED_ROUTES = { '#/login': '/login', '#/register': '/register' } as const;

/**
 * The signed-in screen whose frame (its layout and loading states, without its data) index.html
 * carries, when the page opens on it: /home or a chat; null for any other page. The app loads the
 * screen's code before its first render (router.tsx), and after the frame has been painted
 * (main.tsx). Self-contained: index.html's boot script runs this very function's source
 * (vite-plugins/landing-shell.ts), so the page and the app judge an address alike.
 */
export function framedScreen(hash: string): 'home' | 'chat' | null {
  if (hash === '#/home' || hash.startsWith('#/home?')) return 'home';
  return hash.startsWith('#/chat/') ? 'chat' : null;
}

/**
 * Reads that index.html's boot script sent before the app had loaded, for the screen the page
 * opens on (vite-plugins/landing-shell.ts: on a chat's page the session and, for a signed-in
 * one, the room), by address; kept 15 s.
 */
export const EARLY_READS = 'studiumEarlyReads';

/**
 * The answer of the boot script's read of `path`, once: peekSession takes the session's, the app's
 * first GET of any other takes its own (main.tsx hands this to the app, and the app to its API
 * client, which every screen imports and which so never imports this entry module).
 */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = (globalThis as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[
    EARLY_READS
  ];
  const read = reads?.[path];
  if (reads) delete reads[path];
  return read;
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
export async function peekSession(): Promise<PeekedSession | null> {
  try {
    // The same read, when index.html's boot script sent it already (on a chat's page).
    const res = await (takeEarlyRead('/api/session/') ??
      fetch('/api/session/', { headers: { accept: 'application/json' } }));
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
