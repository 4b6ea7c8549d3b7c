import type { FastifyInstance } from 'fastify';
import { darkmodeBody } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { getDarkmode, setDarkmode } from './profile.service';

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/profile/settings/darkmode/', async (req) => getDarkmode(ctx, requireUser(req)));

  app.post('/api/profile/settings/darkmode/', async (req) =>
    setDarkmode(ctx, requireUser(req), parseInput(darkmodeBody, req.body).darkmode_enabled),
  );
}
