import type { FastifyInstance } from 'fastify';
import { typingClientFrame } from '@studium/protocol';
import type { AppContext } from '../../context';
import type { FrameHandling } from '../../realtime/frames';
import { SocketActions } from '../../realtime/socket-actions';
import { admitUser, openLiveSocket, registerSocketRoute } from '../../realtime/sockets';
import { announceTyping, resolveWatchedUsers } from './presence.service';
import type { PresenceWatch } from './presence.watch';

/** The room socket's `typing` action: relayed to the room unless the user opted out. */
export function registerPresenceSocketActions(actions: SocketActions) {
  actions.register('typing', typingClientFrame, async (ctx, caller) => {
    await announceTyping(ctx, caller.user, caller.roomId);
  });
}

/**
 * `/ws/presence/?users=a,b`: whether those users are online, then each change. A screen opens it
 * while it shows the users and closes it when it stops: watching is what subscribes this server
 * to their presence. The client sends nothing; any frame is answered with {error}.
 */
export function registerPresenceSocket(
  app: FastifyInstance,
  ctx: AppContext,
  { hub, access }: Omit<FrameHandling, 'actions'>,
  presence: Pick<PresenceWatch, 'welcome'>,
) {
  const handling = { hub, access, actions: new SocketActions() };
  registerSocketRoute<Record<string, string>>(
    app,
    ctx,
    '/ws/presence/',
    async (req) => {
      const admission = admitUser(hub, req, null);
      if (!admission.ok) return admission;
      const { users } = req.query as { users?: unknown };
      const watches = await resolveWatchedUsers(ctx, typeof users === 'string' ? users : undefined);
      return { ...admission, watches };
    },
    (ws, admission, connection) => openLiveSocket(ctx, handling, ws, admission, connection, presence.welcome),
  );
}
