import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CHAT_LIMITS, LIMITS, TEXTS, WS_CLOSE } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../context';
import { canRead } from '../features/rooms/rooms.policy';
import { getRoomAccess } from '../features/rooms/rooms.service';
import { Forbidden, NotFound } from '../lib/errors';
import { isAllowedOrigin } from '../plugins/csrf';
import { SESSION_COOKIE } from '../plugins/session';
import { acceptFrame } from './frames';
import { startHeartbeat } from './heartbeat';
import type { Hub, LiveSocket } from './hub';
import type { SocketActions } from './socket-actions';

type Admission = { ok: true; user: CurrentUser; token: string; roomId: number } | { ok: false; code: number; reason: string };

declare module 'fastify' {
  interface FastifyRequest {
    roomAdmission?: Admission;
  }
}

/**
 * Decided before the 101 (SECURITY.md "WebSocket handshake"). A refused user still gets the
 * upgrade, then an immediate close with 4001/4003: browsers show a failed handshake to scripts
 * only as code 1006, and the spec's client acts on 4001 and 4003. No handler ever runs for it.
 */
async function admit(ctx: AppContext, hub: Hub, req: FastifyRequest<{ Params: { room: string } }>): Promise<Admission> {
  const user = req.user;
  const token = req.cookies[SESSION_COOKIE];
  if (!user || !token) return { ok: false, code: WS_CLOSE.notLoggedIn, reason: 'Please log in' };
  const access = await getRoomAccess(ctx.db, user, req.params.room).catch((err: unknown) => {
    if (err instanceof NotFound) return undefined;
    throw err;
  });
  if (!access) return { ok: false, code: WS_CLOSE.roomNotFound, reason: 'Room not found' };
  const { room, membership } = access;
  if (!canRead(user, room, membership)) return { ok: false, code: WS_CLOSE.noPermission, reason: 'No permission' };
  // Counted per server process: a bound on what one user can pin in this process's memory.
  if (hub.countForUser(user.id) >= CHAT_LIMITS.wsConnectionsPerUser) return { ok: false, code: WS_CLOSE.policy, reason: 'Too many connections' };
  return { ok: true, user, token, roomId: room.id };
}

function open(ctx: AppContext, hub: Hub, actions: SocketActions, ws: WebSocket, admission: Extract<Admission, { ok: true }>) {
  const live: LiveSocket = {
    ws,
    userId: admission.user.id,
    sessionId: admission.user.sessionId,
    token: admission.token,
    roomId: admission.roomId,
    isAlive: true,
    queue: Promise.resolve(),
    frameWindowStart: Date.now(),
    frameCount: 0,
    refusedCount: 0,
  };
  // Listeners first and synchronously: frames that arrive meanwhile wait in the queue until the
  // socket's topics are subscribed, so the sender's own echo cannot be missed.
  live.queue = hub.add(live).catch((err: unknown) => {
    ctx.log.error({ err }, 'subscribe failed');
    ws.close(1011, 'Unavailable');
  });
  ws.on('message', (data, isBinary) => acceptFrame(ctx, hub, actions, live, data, isBinary));
  ws.on('pong', () => (live.isAlive = true));
  ws.on('close', () => hub.remove(live));
}

/** `/ws/room/{room}/`: the live connection of a chat room. */
export async function registerRoomSocket(app: FastifyInstance, ctx: AppContext, hub: Hub, actions: SocketActions) {
  await app.register(websocket, {
    // 16 KiB frames (a 1000-character message is at most 4 KB of UTF-8); a larger frame makes
    // `ws` close the connection with 1009, the one refusal that does not keep it open.
    options: { maxPayload: LIMITS.wsFrameMaxBytes, perMessageDeflate: false },
    errorHandler: (err, socket, req) => {
      req.log.info({ err: err.message }, 'websocket error');
      socket.terminate();
    },
  });
  const stopHeartbeat = startHeartbeat(ctx, hub);
  app.addHook('onClose', async () => stopHeartbeat());

  app.get<{ Params: { room: string } }>(
    '/ws/room/:room/',
    {
      websocket: true,
      preValidation: async (req) => {
        if (!isAllowedOrigin(req, ctx)) {
          req.log.warn({ origin: req.headers.origin }, 'cross-origin websocket refused');
          throw new Forbidden(TEXTS.server.originRefused);
        }
      },
      preHandler: async (req) => {
        req.roomAdmission = await admit(ctx, hub, req);
      },
    },
    (socket, req) => {
      const admission = req.roomAdmission;
      if (!admission?.ok) {
        req.log.info({ code: admission?.code, url: req.url }, 'websocket refused');
        return socket.close(admission?.code ?? WS_CLOSE.policy, admission?.reason);
      }
      req.roomAdmission = undefined;
      open(ctx, hub, actions, socket, admission);
    },
  );
}
