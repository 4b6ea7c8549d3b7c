import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { FrameHandling } from '../../realtime/frames';
import { SocketActions } from '../../realtime/socket-actions';
import { admitUser, openLiveSocket, registerSocketRoute } from '../../realtime/sockets';
import { buildInitFrame } from './notifications.service';

/**
 * `/ws/notifications/`: the user's notifications, live. `notification.init` first, then
 * `notification.created` and `notification.counts` from the user's channel of the bus. The
 * client sends nothing; any frame is answered with {error}.
 */
export function registerNotificationSocket(
  app: FastifyInstance,
  ctx: AppContext,
  { hub, access }: Omit<FrameHandling, 'actions'>,
) {
  const handling = { hub, access, actions: new SocketActions() };
  registerSocketRoute(
    app,
    ctx,
    '/ws/notifications/',
    async (req) => admitUser(hub, req, null),
    (ws, admission, connection) =>
      openLiveSocket(ctx, handling, ws, admission, connection, async (live) =>
        hub.send(live, await buildInitFrame(ctx, admission.user)),
      ),
  );
}
