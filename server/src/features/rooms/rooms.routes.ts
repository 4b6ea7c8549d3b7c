import type { FastifyInstance } from 'fastify';
import { botAllowedBody, renameRoomBody, roomListQuery, type RoomListResponse } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { getRoomDetail, joinRoom, listRooms, renameRoom, setBotAllowed } from './rooms.service';

type RoomParams = { Params: { room: string } };

export function roomsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/rooms/', async (req) => {
    const user = requireUser(req);
    const rooms = await listRooms(ctx, user, parseInput(roomListQuery, req.query));
    return { rooms } satisfies RoomListResponse;
  });

  app.get<RoomParams>('/api/rooms/:room/', async (req) =>
    getRoomDetail(ctx, requireUser(req), req.params.room),
  );

  app.post<RoomParams>('/api/rooms/:room/rename/', async (req) =>
    renameRoom(ctx, requireUser(req), req.params.room, parseInput(renameRoomBody, req.body).name),
  );

  app.post<RoomParams>('/api/rooms/:room/bot-allowed/', async (req) =>
    setBotAllowed(
      ctx,
      requireUser(req),
      req.params.room,
      parseInput(botAllowedBody, req.body).is_bot_allowed,
    ),
  );

  app.post<RoomParams>('/api/rooms/:room/join/', async (req) =>
    joinRoom(ctx, requireUser(req), req.params.room),
  );
}
