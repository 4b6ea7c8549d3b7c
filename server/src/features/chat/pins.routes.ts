import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/session';
import { parseMessageId } from './chat.routes';
import { listPins, pinMessage, unpinMessage } from './pins.service';

/** Pinned messages (docs/chat.md): the room's list, pin and unpin. */
export function pinsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { room: string } }>('/api/rooms/:room/pins/', async (req) =>
    listPins(ctx, requireUser(req), req.params.room),
  );

  app.post<{ Params: { id: string } }>('/api/messages/:id/pin/', async (req, reply) => {
    const { pin, created } = await pinMessage(ctx, requireUser(req), parseMessageId(req.params.id));
    return reply.status(created ? 201 : 200).send(pin);
  });

  app.delete<{ Params: { id: string } }>('/api/messages/:id/pin/', async (req) =>
    unpinMessage(ctx, requireUser(req), parseMessageId(req.params.id)),
  );
}
