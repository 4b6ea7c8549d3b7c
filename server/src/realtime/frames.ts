import type { RawData } from 'ws';
import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  TEXTS,
  WS_CLOSE,
  clientFrameHead,
  clientIdSchema,
  type ErrorFrame,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../context';
import type { RealtimeAccess } from './access';
import { AppError, Forbidden } from '../lib/errors';
import { parseInput } from '../lib/validate';
import type { Hub, LiveSocket } from './hub';
import type { SocketActions } from './socket-actions';

const t = CHAT_TEXTS.chat;
// Refused frames tolerated in one window before the flood counts as sustained.
const FLOOD_REFUSALS = 20;

/**
 * Per-socket frame budget (docs/security.md: at most 120 frames a minute): over budget a frame is
 * refused with {error}; a client that keeps flooding is closed with 1008.
 */
function withinFrameBudget(live: LiveSocket, now: number): boolean {
  if (now - live.frameWindowStart >= CHAT_LIMITS.wsFrameWindowMs) {
    live.frameWindowStart = now;
    live.frameCount = 0;
    live.refusedCount = 0;
  }
  if (++live.frameCount <= CHAT_LIMITS.wsFramesPerWindow) return true;
  live.refusedCount++;
  return false;
}

/** Everything a socket needs to handle its frames. */
export interface FrameHandling {
  hub: Hub;
  actions: SocketActions;
  access: RealtimeAccess;
}

/** Accepts one raw frame: budget first, then queued behind the socket's earlier frames. */
export function acceptFrame(
  ctx: AppContext,
  handling: FrameHandling,
  live: LiveSocket,
  data: RawData,
  isBinary: boolean,
) {
  const text = isBinary ? null : data.toString();
  if (!withinFrameBudget(live, Date.now())) {
    if (live.refusedCount > FLOOD_REFUSALS) live.ws.close(WS_CLOSE.policy, 'Too many messages');
    else handling.hub.send(live, errorFor(t.slowDown, parseJson(text)));
    return;
  }
  live.queue = live.queue
    .then(() => handleFrame(ctx, handling, live, text))
    .catch((err: unknown) => failSocket(ctx, live, err));
}

/** A failure that is not a refusal (the database is unreachable): logged, and the socket closed with 1011. */
function failSocket(ctx: AppContext, live: LiveSocket, err: unknown) {
  ctx.log.error({ err, userId: live.userId, roomId: live.roomId }, 'websocket frame failed');
  live.ws.close(WS_CLOSE.unavailable, 'Unavailable');
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An {error} frame naming the send it refuses, when the frame carried a valid `client_id`. */
function errorFor(error: string, frame: unknown): ErrorFrame {
  const raw = frame && typeof frame === 'object' ? (frame as { client_id?: unknown }).client_id : undefined;
  const clientId = clientIdSchema.safeParse(raw);
  return clientId.success && clientId.data ? { error, client_id: clientId.data } : { error };
}

async function handleFrame(
  ctx: AppContext,
  { hub, actions, access }: FrameHandling,
  live: LiveSocket,
  text: string | null,
) {
  const json = parseJson(text);
  const head = clientFrameHead.safeParse(json);
  if (!head.success) return hub.send(live, { error: t.malformedFrame });
  const roomId = live.roomId;
  // The notification socket (no room) takes no actions: every frame is answered with {error}.
  const action = roomId === null ? undefined : actions.get(head.data.action);
  if (!action || roomId === null) return hub.send(live, errorFor(t.unknownAction, json));
  const user = await confirmSession(access, live, Date.now());
  if (!user) return live.ws.close(WS_CLOSE.notLoggedIn, 'Please log in');
  try {
    const frame = parseInput(action.schema, head.data);
    await action.run(ctx, { user, roomId, reply: (f) => hub.send(live, f) }, frame);
  } catch (err) {
    hub.send(live, errorFor(err instanceof AppError ? err.message : TEXTS.server.internal, json));
    if (!(err instanceof AppError)) throw err;
    // Refused: maybe the user lost the room itself (membership ended) — then the socket goes too.
    if (err instanceof Forbidden && !(await access.findRoomAccess(user, roomId))?.canRead) {
      live.ws.close(WS_CLOSE.noPermission, 'No permission');
    }
  }
}

// Logout, password change and account deletion close a session's sockets at once through the
// bus (on every server); the database is asked again only this often, so a busy socket does not
// pay a session query per frame (docs/security.md: a live socket's session is re-checked often).
const SESSION_RECHECK_MS = 30_000;

/** The socket's user while its session holds; re-read from the database once per interval. */
async function confirmSession(
  access: RealtimeAccess,
  live: LiveSocket,
  now: number,
): Promise<CurrentUser | null> {
  if (now - live.sessionCheckedAt < SESSION_RECHECK_MS) {
    return { id: live.userId, username: live.username, sessionId: live.sessionId };
  }
  const user = await access.resolveSession(live.token);
  if (!user || user.sessionId !== live.sessionId) return null;
  live.sessionCheckedAt = now;
  return user;
}
