import websocket from '@fastify/websocket';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CHAT_LIMITS, LIMITS, TEXTS, WS_CLOSE, type MessageRights } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../context';
import { Forbidden } from '../lib/errors';
import { isAllowedOrigin } from '../plugins/csrf';
import { SESSION_COOKIE } from '../plugins/session';
import type { RealtimeAccess } from './access';
import { acceptFrame, type FrameHandling } from './frames';
import { startHeartbeat } from './heartbeat';
import type { Hub, LiveSocket } from './hub';

/** A socket the server accepts (`roomId` null: the user's notification socket), or why not. */
export type Admission =
  | {
      ok: true;
      user: CurrentUser;
      token: string;
      roomId: number | null;
      watches?: number[];
      /** A room socket's reader's rights over others' new messages. */
      othersMessages?: MessageRights;
    }
  | { ok: false; code: number; reason: string };
export type Admitted = Extract<Admission, { ok: true }>;

declare module 'fastify' {
  interface FastifyRequest {
    socketAdmission?: Admission;
  }
}

/** The websocket plugin with the frame bound, and the heartbeat: once for every socket route. */
export async function registerSocketSupport(
  app: FastifyInstance,
  ctx: AppContext,
  hub: Hub,
  access: RealtimeAccess,
) {
  await app.register(websocket, {
    // 16 KiB frames (a 1000-character message is at most 4 KB of UTF-8); a larger frame makes
    // `ws` close the connection with 1009, the one refusal that does not keep it open.
    options: { maxPayload: LIMITS.wsFrameMaxBytes, perMessageDeflate: false },
    errorHandler: (err, socket, req) => {
      req.log.info({ err: err.message }, 'websocket error');
      socket.terminate();
    },
  });
  const stopHeartbeat = startHeartbeat(ctx, hub, access);
  app.addHook('onClose', async () => stopHeartbeat());
}

/** The checks every socket shares: logged in, and under the per-user connection cap. */
export function admitUser(hub: Hub, req: FastifyRequest, roomId: number | null): Admission {
  const user = req.user;
  const token = req.cookies[SESSION_COOKIE];
  if (!user || !token) return { ok: false, code: WS_CLOSE.notLoggedIn, reason: 'Please log in' };
  // Counted per server process: a bound on what one user can pin in this process's memory.
  if (hub.countForUser(user.id) >= CHAT_LIMITS.wsConnectionsPerUser)
    return { ok: false, code: WS_CLOSE.policy, reason: 'Too many connections' };
  return { ok: true, user, token, roomId };
}

/**
 * A socket route. The Origin is checked before the 101 (docs/security.md). A refused user still
 * gets the upgrade, then an immediate close with 4001/4003: browsers show a failed handshake to
 * scripts only as code 1006, and the web app acts on 4001 and 4003. When admission itself fails
 * (the database is unreachable), the error is logged and the socket closed with 1011.
 */
export function registerSocketRoute<P extends Record<string, string>>(
  app: FastifyInstance,
  ctx: AppContext,
  url: string,
  admit: (req: FastifyRequest<{ Params: P }>) => Promise<Admission>,
  open: (ws: WebSocket, admission: Admitted, connection: Socket) => void,
) {
  app.get<{ Params: P }>(
    url,
    {
      websocket: true,
      preValidation: async (req) => {
        if (!isAllowedOrigin(req, ctx)) {
          req.log.warn({ origin: req.headers.origin }, 'cross-origin websocket refused');
          throw new Forbidden(TEXTS.server.originRefused);
        }
      },
      preHandler: async (req) => {
        try {
          req.socketAdmission = await admit(req);
        } catch (err) {
          req.log.error({ err, url: req.url }, 'websocket admission failed');
          req.socketAdmission = { ok: false, code: WS_CLOSE.unavailable, reason: 'Unavailable' };
        }
      },
    },
    (socket, req) => {
      const admission = req.socketAdmission;
      if (!admission?.ok) {
        req.log.info({ code: admission?.code, url: req.url }, 'websocket refused');
        return socket.close(admission?.code ?? WS_CLOSE.policy, admission?.reason);
      }
      req.socketAdmission = undefined;
      open(socket, admission, req.raw.socket);
    },
  );
}

/**
 * Serves an admitted socket: registered with the hub, frames handled in order. `onReady` runs
 * once its topics are subscribed, before any frame it sent meanwhile. `connection` is the TCP
 * connection under `ws` (the upgraded request's), which the hub corks to batch writes.
 */
export function openLiveSocket(
  ctx: AppContext,
  handling: FrameHandling,
  ws: WebSocket,
  admission: Admitted,
  connection: Socket,
  onReady?: (live: LiveSocket) => Promise<void>,
) {
  const { hub } = handling;
  const live: LiveSocket = {
    ws,
    connection,
    userId: admission.user.id,
    username: admission.user.username,
    sessionId: admission.user.sessionId,
    token: admission.token,
    sessionCheckedAt: Date.now(),
    roomId: admission.roomId,
    ...(admission.watches ? { watches: admission.watches } : {}),
    ...(admission.othersMessages ? { othersMessages: admission.othersMessages } : {}),
    isAlive: true,
    queue: Promise.resolve(),
    frameWindowStart: Date.now(),
    frameCount: 0,
    refusedCount: 0,
  };
  // Listeners first and synchronously: frames that arrive meanwhile wait in the queue until the
  // socket's topics are subscribed, so the sender's own echo cannot be missed.
  live.queue = hub
    .add(live)
    .then(() => onReady?.(live))
    .catch((err: unknown) => {
      ctx.log.error({ err }, 'socket setup failed');
      ws.close(WS_CLOSE.unavailable, 'Unavailable');
    });
  ws.on('message', (data, isBinary) => acceptFrame(ctx, handling, live, data, isBinary));
  ws.on('pong', () => (live.isAlive = true));
  ws.on('close', () => hub.remove(live));
}
