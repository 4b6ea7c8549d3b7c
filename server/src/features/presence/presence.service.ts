import { PRESENCE_LIMITS, type PresenceFrame, type PresenceSettings } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { fromDbBool, toDbBool } from '../../db/dialect';
import { NotFound } from '../../lib/errors';
import type { Hub, LiveSocket } from '../../realtime/hub';
import { publishPresenceHint, publishToRoom } from '../../realtime/publish';
import { canSend } from '../rooms/rooms.policy';
import { findRoomAccess } from '../rooms/rooms.service';
import { appearsOnline, mayAnnounceTyping } from './presence.policy';
import * as repo from './presence.repository';
import type { PresenceStore } from './presence.store';

/** The user's own presence setting. */
export async function getPresenceSettings(ctx: AppContext, user: CurrentUser): Promise<PresenceSettings> {
  const flag = await repo.findShowPresence(ctx.db, user.id);
  if (flag === undefined) throw new NotFound('User not found');
  return { show_presence: fromDbBool(flag) };
}

/** Saves the setting; whoever watches the user sees them (dis)appear at once. */
export async function setPresenceSettings(
  ctx: AppContext,
  user: CurrentUser,
  settings: PresenceSettings,
): Promise<PresenceSettings> {
  await repo.updateShowPresence(ctx.db, user.id, toDbBool(settings.show_presence));
  await publishPresenceHint(ctx, user.id);
  return settings;
}

// Typing signals per user and room on this process, by window of `typingIntervalMs` (per app:
// tests run several in one process). A composer sends one per window, and one more at once after
// a sent message; anything beyond two a window is dropped, so a client that sends more often is
// not relayed more often. Each map is bounded by being emptied when large.
const TYPING_PER_WINDOW = 2;
const typingWindowsByApp = new WeakMap<AppContext, Map<string, { start: number; count: number }>>();

function withinTypingBudget(ctx: AppContext, key: string, now: number): boolean {
  let windows = typingWindowsByApp.get(ctx);
  if (!windows) typingWindowsByApp.set(ctx, (windows = new Map()));
  let window = windows.get(key);
  if (!window || now - window.start >= PRESENCE_LIMITS.typingIntervalMs) {
    if (windows.size > 10_000) windows.clear();
    window = { start: now, count: 0 };
    windows.set(key, window);
  }
  return ++window.count <= TYPING_PER_WINDOW;
}

/** `typing` on the room socket: relayed to the room, or dropped (opted out, may not send, too often). */
export async function announceTyping(ctx: AppContext, user: CurrentUser, roomId: number) {
  if (!withinTypingBudget(ctx, `${user.id}:${roomId}`, Date.now())) return;
  const [flag, access] = await Promise.all([
    repo.findShowPresence(ctx.db, user.id),
    findRoomAccess(ctx.db, user, roomId),
  ]);
  if (!access || !mayAnnounceTyping(canSend(user, access.room, access.membership), fromDbBool(flag))) return;
  await publishToRoom(ctx, roomId, { type: 'typing', username: user.username });
}

/** Whether each of the users appears online, by username. */
export async function readPresence(
  ctx: AppContext,
  store: PresenceStore,
  users: Array<{ id: number; username: string; show_presence: number }>,
): Promise<PresenceFrame> {
  const connected = await store.listConnected(users.map((u) => u.id));
  const online: Record<string, boolean> = {};
  for (const u of users) online[u.username] = appearsOnline(connected.has(u.id), fromDbBool(u.show_presence));
  return { type: 'presence', online };
}

/** The ids of the users a presence socket asks for (`?users=a,b`), at most `watchMax`. */
export async function resolveWatchedUsers(ctx: AppContext, list: string | undefined): Promise<number[]> {
  const names = [...new Set((list ?? '').split(',').map((n) => n.trim().toLowerCase()))]
    .filter((n) => n.length > 0 && n.length <= 64)
    .slice(0, PRESENCE_LIMITS.watchMax);
  return (await repo.listUsersByUsername(ctx.db, names)).map((u) => u.id);
}

/** The first frame of a presence socket: every watched user's state. */
export async function presenceSnapshot(ctx: AppContext, store: PresenceStore, ids: number[]) {
  return readPresence(ctx, store, await repo.listUsersById(ctx.db, ids));
}

/**
 * Connects the hub to the store: a user's first and last socket on this process update the store
 * and tell the watchers' servers; the watchers' servers read the truth again and tell their
 * presence sockets. Nothing is read when nobody watches. Returns `stop`.
 */
export function startPresence(ctx: AppContext, hub: Hub, store: PresenceStore): () => Promise<void> {
  hub.onPresenceChange((userId, isConnected) => {
    store
      .setConnected(userId, isConnected)
      .then(() => publishPresenceHint(ctx, userId))
      .catch((err: unknown) => ctx.log.warn({ err, userId }, 'presence update failed'));
  });
  hub.onPresenceHint((userId, watchers) => {
    const sockets = [...watchers];
    repo
      .listUsersById(ctx.db, [userId])
      .then((users) => readPresence(ctx, store, users))
      .then((frame) => sockets.forEach((live: LiveSocket) => hub.send(live, frame)))
      .catch((err: unknown) => ctx.log.warn({ err, userId }, 'presence read failed'));
  });
  const timer = setInterval(() => {
    store
      .refresh(hub.connectedUserIds())
      .then(() => recheckWatched(ctx, hub, store))
      .catch((err: unknown) => ctx.log.warn({ err }, 'presence refresh failed'));
  }, PRESENCE_LIMITS.presenceRefreshMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    hub.onPresenceChange(() => {});
    // Leaving: this process's users no longer count as connected here, and their watchers on
    // other processes hear it now rather than at their next re-read.
    await Promise.all(
      hub
        .connectedUserIds()
        .map((id) => store.setConnected(id, false).then(() => publishPresenceHint(ctx, id))),
    ).catch((err: unknown) => ctx.log.warn({ err }, 'presence cleanup failed'));
  };
}

/**
 * A server that died sends no goodbye: its users' entries just expire. So, now and then, the
 * watched users are read again and their watchers told (an unchanged state is sent again, which
 * the client takes as it is). Nothing happens when nobody watches.
 */
async function recheckWatched(ctx: AppContext, hub: Hub, store: PresenceStore) {
  const watched = hub.watched();
  if (watched.size === 0) return;
  const ids = [...watched.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const users = await repo.listUsersById(ctx.db, ids.slice(i, i + 500));
    const { online } = await readPresence(ctx, store, users);
    for (const user of users) {
      const frame: PresenceFrame = { type: 'presence', online: { [user.username]: online[user.username]! } };
      for (const live of watched.get(user.id) ?? []) hub.send(live, frame);
    }
  }
}
