import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/session';
import { getRankings } from './rankings.service';

export function rankingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { period?: string } }>('/api/rankings/', async (req) => {
    requireUser(req);
    return getRankings(ctx, req.query.period === 'today' ? 'today' : 'all');
  });
}
