import type { FastifyInstance } from 'fastify';
import { markRoomReadBody, notificationLevelBody } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { markRoomRead, setNotificationLevel } from './unread.service';

type RoomParams = { Params: { room: string } };

export function unreadRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<RoomParams>('/api/rooms/:room/read/', async (req) =>
    markRoomRead(ctx, requireUser(req), req.params.room, parseInput(markRoomReadBody, req.body).last_read_id),
  );

  app.post<RoomParams>('/api/rooms/:room/notification-level/', async (req) =>
    setNotificationLevel(
      ctx,
      requireUser(req),
      req.params.room,
      parseInput(notificationLevelBody, req.body).level,
    ),
  );
}
