import { PRESENCE_LIMITS, type PresenceSettings } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { fromDbBool, toDbBool } from '../../db/dialect';
import { NotFound } from '../../lib/errors';
import type { Hub } from '../../realtime/hub';
import { publishPresenceHint, publishToRoomExcept } from '../../realtime/publish';
import { listBlockRelations } from '../blocks/blocks.service';
import { canSend } from '../rooms/rooms.policy';
import { findRoomAccess } from '../rooms/rooms.service';
import { mayAnnounceTyping } from './presence.policy';
import * as repo from './presence.repository';
import type { PresenceStore } from './presence.store';
import { createPresenceWatch } from './presence.watch';

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

/**
 * `typing` on the room socket: relayed to the room, or dropped (opted out, may not send, too
 * often). Nobody on either side of a block with the typist hears it, on any server: the event
 * names them, and every server's hub skips their sockets (docs/presence.md).
 */
export async function announceTyping(ctx: AppContext, user: CurrentUser, roomId: number) {
  if (!withinTypingBudget(ctx, `${user.id}:${roomId}`, Date.now())) return;
  const [flag, access, blocked] = await Promise.all([
    repo.findShowPresence(ctx.db, user.id),
    findRoomAccess(ctx.db, user, roomId),
    listBlockRelations(ctx.db, user.id),
  ]);
  if (!access || !mayAnnounceTyping(canSend(user, access.room, access.membership), fromDbBool(flag))) return;
  await publishToRoomExcept(ctx, roomId, { type: 'typing', username: user.username }, [...blocked]);
}

/** The ids of the users a presence socket asks for (`?users=a,b`), at most `watchMax`. */
export async function resolveWatchedUsers(ctx: AppContext, list: string | undefined): Promise<number[]> {
  const names = [...new Set((list ?? '').split(',').map((n) => n.trim().toLowerCase()))]
    .filter((n) => n.length > 0 && n.length <= 64)
    .slice(0, PRESENCE_LIMITS.watchMax);
  return (await repo.listUsersByUsername(ctx.db, names)).map((u) => u.id);
}

/**
 * Connects the hub to the store: a user's first and last socket on this process update the store
 * and tell the watchers' servers; the watchers' servers read the truth again and tell their
 * presence sockets what changed (presence.watch.ts). Nothing is read when nobody watches.
 */
export function startPresence(ctx: AppContext, hub: Hub, store: PresenceStore) {
  const watch = createPresenceWatch(ctx, hub, store);
  hub.onPresenceChange((userId, isConnected) => {
    store
      .setConnected(userId, isConnected)
      .then(() => publishPresenceHint(ctx, userId))
      .catch((err: unknown) => ctx.log.warn({ err, userId }, 'presence update failed'));
  });
  hub.onPresenceHint((userId) => watch.recheck([userId]));
  hub.onProfileHint((userId, watchers) => watch.profileChanged(userId, watchers));
  // A server that died sends no goodbye: its users' entries just expire. So, now and then, the
  // watched users are read again; their watchers hear of what changed.
  const timer = setInterval(() => {
    store
      .refresh(hub.connectedUserIds())
      .then(() => watch.recheck(hub.watched().keys()))
      .catch((err: unknown) => ctx.log.warn({ err }, 'presence refresh failed'));
  }, PRESENCE_LIMITS.presenceRefreshMs);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    hub.onPresenceChange(() => {});
    hub.onPresenceHint(() => {});
    hub.onProfileHint(() => {});
    await watch.idle();
    // Leaving: this process's users no longer count as connected here, and their watchers on
    // other processes hear it now rather than at their next re-read.
    await Promise.all(
      hub
        .connectedUserIds()
        .map((id) => store.setConnected(id, false).then(() => publishPresenceHint(ctx, id))),
    ).catch((err: unknown) => ctx.log.warn({ err }, 'presence cleanup failed'));
  };
  return { welcome: watch.welcome, stop };
}
