import type { TutoringRole } from '@studium/protocol';

/**
 * The react-query keys that several features read or refresh: a room's list changes when a DM
 * is opened, a profile when a bot fills it, a session when someone logs out. One place for them,
 * so a feature refreshes another's data without importing that feature. Keys only one feature
 * uses stay in its own api/ folder.
 */

export const sessionKeys = {
  all: ['auth', 'session'] as const,
};

export const roomKeys = {
  all: ['rooms'] as const,
  tree: () => [...roomKeys.all, 'tree'] as const,
  detail: (room: string | number) => [...roomKeys.all, 'detail', String(room)] as const,
};

/** A room's pins; a block or a mute changes which of them the viewer's answer hides. */
export const pinKeys = {
  all: ['pins'] as const,
  room: (roomId: number) => [...pinKeys.all, roomId] as const,
};

/** The viewer's blocked and muted users; a change on another tab reaches them by the notification socket. */
export const blockKeys = { all: ['blocks'] as const };

export const dmKeys = {
  all: ['dms'] as const,
  list: () => ['dms', 'list'] as const,
};

export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  user: (username: string) => [...profileKeys.all, 'user', username.toLowerCase()] as const,
};

export const matchmakingKeys = {
  all: ['matchmaking'] as const,
  role: (role: TutoringRole) => ['matchmaking', role] as const,
  intent: (role: TutoringRole) => ['matchmaking', role, 'intent'] as const,
  recs: (role: TutoringRole, intentId: number) => ['matchmaking', role, 'recs', intentId] as const,
  matches: (role: TutoringRole) => ['matchmaking', role, 'matches'] as const,
};
