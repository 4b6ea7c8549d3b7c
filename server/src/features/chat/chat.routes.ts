import type { FastifyInstance } from 'fastify';
import { editMessageBody, historyQuery, messageIdParam, reactBody, sendMessageBody } from '@studium/protocol';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { deleteMessage, editMessage, getMessageHistory, listHistory, sendMessage } from './chat.service';
import { toggleReaction } from './reactions.service';

type RoomParams = { Params: { room: string } };
type MessageParams = { Params: { id: string } };

/** A message id of a URL; anything else names no message (404). */
export function parseMessageId(raw: string): number {
  const parsed = messageIdParam.safeParse(Number(raw));
  if (!/^\d+$/.test(raw) || !parsed.success) throw new NotFound();
  return parsed.data;
}

/** Message history and the REST fallbacks of the live connection's actions. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<RoomParams>('/api/rooms/:room/messages/', async (req) =>
    listHistory(ctx, requireUser(req), req.params.room, parseInput(historyQuery, req.query)),
  );

  app.post<RoomParams>('/api/rooms/:room/messages/', async (req, reply) => {
    const { message, created } = await sendMessage(
      ctx,
      requireUser(req),
      req.params.room,
      parseInput(sendMessageBody, req.body),
    );
    return reply.status(created ? 201 : 200).send(message);
  });

  app.patch<MessageParams>('/api/messages/:id/', async (req) => {
    const { message } = await editMessage(
      ctx,
      requireUser(req),
      parseMessageId(req.params.id),
      parseInput(editMessageBody, req.body).content,
    );
    return message;
  });

  app.delete<MessageParams>('/api/messages/:id/', async (req) =>
    deleteMessage(ctx, requireUser(req), parseMessageId(req.params.id)),
  );

  app.get<MessageParams>('/api/messages/:id/history/', async (req) =>
    getMessageHistory(ctx, requireUser(req), parseMessageId(req.params.id)),
  );

  app.post<MessageParams>('/api/messages/:id/react/', async (req) =>
    toggleReaction(
      ctx,
      requireUser(req),
      parseMessageId(req.params.id),
      parseInput(reactBody, req.body).emoji,
    ),
  );
}
