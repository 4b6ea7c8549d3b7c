/** Every route of the app (docs/auth.md): its pattern for the router and an href builder. */
export const paths = {
  landing: { pattern: '/', href: () => '/' },
  home: { pattern: '/home', href: () => '/home' },
  chat: {
    pattern: '/chat/:roomName',
    href: (roomName: string | number) => `/chat/${encodeURIComponent(String(roomName))}`,
  },
  profile: { pattern: '/profile', href: () => '/profile' },
  userProfile: {
    pattern: '/userprofile/:username',
    href: (username: string) => `/userprofile/${encodeURIComponent(username)}`,
  },
  matchmake: { pattern: '/matchmake', href: () => '/matchmake' },
  matchmakingBot: { pattern: '/matchmaking_bot', href: () => '/matchmaking_bot' },
  discoveryBot: { pattern: '/discovery_bot', href: () => '/discovery_bot' },
  dms: { pattern: '/dms', href: () => '/dms' },
  notifications: { pattern: '/notifications', href: () => '/notifications' },
  onboarding: { pattern: '/onboarding', href: () => '/onboarding' },
  login: { pattern: '/login', href: () => '/login' },
  register: { pattern: '/register', href: () => '/register' },
  about: { pattern: '/about', href: () => '/about' },
  patchNotes: { pattern: '/patch-notes', href: () => '/patch-notes' },
  rankings: { pattern: '/rankings', href: () => '/rankings' },
  search: { pattern: '/search', href: () => '/search' },
  moderation: { pattern: '/moderation', href: () => '/moderation' },
  notFound: { pattern: '*', href: () => '/' },
} as const;

/** Chat Rooms tab: active for /home and /chat/*. */
export function isChatRoomsActive(pathname: string): boolean {
  return pathname === '/home' || pathname.startsWith('/home/') || pathname.startsWith('/chat/');
}

/** Notifications button: active for /notifications and its subpaths. */
export function isNotificationsActive(pathname: string): boolean {
  return pathname === '/notifications' || pathname.startsWith('/notifications/');
}

/** Plain tab: active on its own path and below. */
export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The navigation state the login page reads: the page a visitor asked for (docs/auth.md). */
export interface LoginReturnState {
  from: string;
}

/** The login page's state for a visitor sent there from `location`. */
export function loginReturnState(location: { pathname: string; search: string }): LoginReturnState {
  return { from: `${location.pathname}${location.search}` };
}

/**
 * Where a login returns to: the page the visitor asked for, when it is a page of this app other
 * than the login and register pages themselves; else `fallback` (/home).
 */
export function loginReturnTarget(state: unknown, fallback: string): string {
  const from = (state as Partial<LoginReturnState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (pathname === '/' || isUnder(pathname, '/login') || isUnder(pathname, '/register')) return fallback;
  return from;
}
