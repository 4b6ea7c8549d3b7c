import type { FastifyInstance } from 'fastify';
import {
  addGroupMembersBody,
  addRoomMembersBody,
  createGroupBody,
  openDmBody,
  type ConversationsResponse,
} from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { createGroup, listConversations, openDm } from './dms.service';
import { addGroupMembers, leaveGroup } from './groups.service';
import { addRoomMembers } from './members.service';

interface GroupParams {
  room: string;
}

/** Direct and group conversations (docs/dms.md), and adding people to a members-only room. */
export function dmsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dms/', async (req): Promise<ConversationsResponse> => ({
    conversations: await listConversations(ctx, requireUser(req)),
  }));
  app.post('/api/dms/', async (req) =>
    openDm(ctx, requireUser(req), parseInput(openDmBody, req.body).username),
  );
  app.post('/api/dms/groups/', async (req, reply) =>
    reply.status(201).send(await createGroup(ctx, requireUser(req), parseInput(createGroupBody, req.body))),
  );
  app.post<{ Params: GroupParams }>('/api/dms/groups/:room/members/', async (req) =>
    addGroupMembers(ctx, requireUser(req), req.params.room, parseInput(addGroupMembersBody, req.body)),
  );
  app.post<{ Params: GroupParams }>('/api/dms/groups/:room/leave/', async (req) =>
    leaveGroup(ctx, requireUser(req), req.params.room),
  );
  // A members-only tree room's people are added as a group's are (members.service.ts); the rooms
  // feature cannot serve it, since adding notifies and notifications import rooms.
  app.post<{ Params: GroupParams }>('/api/rooms/:room/members/', async (req) =>
    addRoomMembers(ctx, requireUser(req), req.params.room, parseInput(addRoomMembersBody, req.body)),
  );
}
