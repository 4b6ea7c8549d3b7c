import type { RawData } from 'ws';
import { CHAT_LIMITS, CHAT_TEXTS, TEXTS, WS_CLOSE, clientFrameHead } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../context';
import { resolveSession } from '../features/auth/auth.service';
import { canRead } from '../features/rooms/rooms.policy';
import { getRoomAccess } from '../features/rooms/rooms.service';
import { AppError, Forbidden } from '../lib/errors';
import { parseInput } from '../lib/validate';
import type { Hub, LiveSocket } from './hub';
import type { SocketActions } from './socket-actions';

const t = CHAT_TEXTS.chat;
// Refused frames tolerated in one window before the flood counts as sustained.
const FLOOD_REFUSALS = 20;

/**
 * Per-socket frame budget (SECURITY.md: ≤ 120 frames / 60 s): over budget a frame is refused
 * with {error}; a client that keeps flooding is closed with 1008.
 */
function withinFrameBudget(hub: Hub, live: LiveSocket, now: number): boolean {
  if (now - live.frameWindowStart >= CHAT_LIMITS.wsFrameWindowMs) {
    live.frameWindowStart = now;
    live.frameCount = 0;
    live.refusedCount = 0;
  }
  if (++live.frameCount <= CHAT_LIMITS.wsFramesPerWindow) return true;
  if (++live.refusedCount > FLOOD_REFUSALS) live.ws.close(WS_CLOSE.policy, 'Too many messages');
  else hub.send(live, { error: t.slowDown });
  return false;
}

/** Accepts one raw frame: budget first, then queued behind the socket's earlier frames. */
export function acceptFrame(ctx: AppContext, hub: Hub, actions: SocketActions, live: LiveSocket, data: RawData, isBinary: boolean) {
  if (!withinFrameBudget(hub, live, Date.now())) return;
  live.queue = live.queue
    .then(() => handleFrame(ctx, hub, actions, live, isBinary ? null : data.toString()))
    .catch((err: unknown) => ctx.log.error({ err }, 'websocket frame failed'));
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function handleFrame(ctx: AppContext, hub: Hub, actions: SocketActions, live: LiveSocket, text: string | null) {
  const head = clientFrameHead.safeParse(parseJson(text));
  if (!head.success) return hub.send(live, { error: t.malformedFrame });
  const roomId = live.roomId;
  // The notification socket (no room) takes no actions: every frame is answered with {error}.
  const action = roomId === null ? undefined : actions.get(head.data.action);
  if (!action || roomId === null) return hub.send(live, { error: t.unknownAction });
  const user = await confirmSession(ctx, live, Date.now());
  if (!user) return live.ws.close(WS_CLOSE.notLoggedIn, 'Please log in');
  try {
    const frame = parseInput(action.schema, head.data);
    await action.run(ctx, { user, roomId, reply: (f) => hub.send(live, f) }, frame);
  } catch (err) {
    if (!(err instanceof AppError)) ctx.log.error({ err }, 'websocket action failed');
    hub.send(live, { error: err instanceof AppError ? err.message : TEXTS.server.internal });
    // Refused: maybe the user lost the room itself (membership ended) — then the socket goes too.
    if (err instanceof Forbidden && !(await mayRead(ctx, user, roomId))) live.ws.close(WS_CLOSE.noPermission, 'No permission');
  }
}

// Logout, password change and account deletion close a session's sockets at once through the
// bus (on every server); the database is asked again only this often, so a busy socket does not
// pay a session query per frame (SECURITY.md asks for a recheck at least every 30 min).
const SESSION_RECHECK_MS = 30_000;

/** The socket's user while its session holds; re-read from the database once per interval. */
async function confirmSession(ctx: AppContext, live: LiveSocket, now: number): Promise<CurrentUser | null> {
  if (now - live.sessionCheckedAt < SESSION_RECHECK_MS) {
    return { id: live.userId, username: live.username, sessionId: live.sessionId };
  }
  const user = await resolveSession(ctx, live.token);
  if (!user || user.sessionId !== live.sessionId) return null;
  live.sessionCheckedAt = now;
  return user;
}

async function mayRead(ctx: AppContext, user: CurrentUser, roomId: number): Promise<boolean> {
  const { room, membership } = await getRoomAccess(ctx.db, user, roomId).catch(() => ({ room: undefined, membership: undefined }));
  return room !== undefined && canRead(user, room, membership);
}
