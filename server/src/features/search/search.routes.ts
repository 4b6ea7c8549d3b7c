import type { FastifyInstance } from 'fastify';
import { searchQuery, similarQuery } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { findSimilar, searchMessages } from './search.service';

/** Message search and the earlier questions offered beside the composer. */
export function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/search/', async (req) =>
    searchMessages(ctx, requireUser(req), parseInput(searchQuery, req.query)),
  );

  app.get<{ Params: { room: string } }>('/api/rooms/:room/similar/', async (req) =>
    findSimilar(ctx, requireUser(req), req.params.room, parseInput(similarQuery, req.query).q),
  );
}
