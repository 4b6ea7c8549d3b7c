import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WS_CLOSE } from '@studium/protocol';
import type { AppContext } from '../context';
import type { FrameHandling } from './frames';
import { admitUser, openLiveSocket, registerSocketRoute, type Admission } from './sockets';

/** Decided before the 101: logged in, the room exists, the user may read it, under the cap. */
async function admit(
  { hub, access }: FrameHandling,
  req: FastifyRequest<{ Params: { room: string } }>,
): Promise<Admission> {
  const user = req.user;
  if (!user) return admitUser(hub, req, null);
  const room = await access.findRoomAccess(user, req.params.room);
  if (!room) return { ok: false, code: WS_CLOSE.roomNotFound, reason: 'Room not found' };
  if (!room.canRead) return { ok: false, code: WS_CLOSE.noPermission, reason: 'No permission' };
  const admission = admitUser(hub, req, room.roomId);
  return admission.ok ? { ...admission, othersMessages: room.othersMessages } : admission;
}

/** `/ws/room/{room}/`: the live connection of a chat room. */
export function registerRoomSocket(app: FastifyInstance, ctx: AppContext, handling: FrameHandling) {
  registerSocketRoute<{ room: string }>(
    app,
    ctx,
    '/ws/room/:room/',
    (req) => admit(handling, req),
    (ws, admission, connection) => openLiveSocket(ctx, handling, ws, admission, connection),
  );
}
