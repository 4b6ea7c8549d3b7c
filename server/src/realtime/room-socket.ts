import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WS_CLOSE } from '@studium/protocol';
import type { AppContext } from '../context';
import { canRead } from '../features/rooms/rooms.policy';
import { getRoomAccess } from '../features/rooms/rooms.service';
import { NotFound } from '../lib/errors';
import type { Hub } from './hub';
import type { SocketActions } from './socket-actions';
import { admitUser, openLiveSocket, registerSocketRoute, type Admission } from './sockets';

/** Decided before the 101: logged in, the room exists, the user may read it, under the cap. */
async function admit(ctx: AppContext, hub: Hub, req: FastifyRequest<{ Params: { room: string } }>): Promise<Admission> {
  const user = req.user;
  if (!user) return admitUser(hub, req, null);
  const access = await getRoomAccess(ctx.db, user, req.params.room).catch((err: unknown) => {
    if (err instanceof NotFound) return undefined;
    throw err;
  });
  if (!access) return { ok: false, code: WS_CLOSE.roomNotFound, reason: 'Room not found' };
  const { room, membership } = access;
  if (!canRead(user, room, membership)) return { ok: false, code: WS_CLOSE.noPermission, reason: 'No permission' };
  return admitUser(hub, req, room.id);
}

/** `/ws/room/{room}/`: the live connection of a chat room. */
export function registerRoomSocket(app: FastifyInstance, ctx: AppContext, hub: Hub, actions: SocketActions) {
  registerSocketRoute<{ room: string }>(
    app,
    ctx,
    '/ws/room/:room/',
    (req) => admit(ctx, hub, req),
    (ws, admission, connection) => openLiveSocket(ctx, hub, actions, ws, admission, connection),
  );
}
