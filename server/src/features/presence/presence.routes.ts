import type { FastifyInstance } from 'fastify';
import { presenceSettings } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { getPresenceSettings, setPresenceSettings } from './presence.service';

/** Settings › 'Show when I'm online and typing'. */
export function presenceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/profile/settings/presence/', async (req) => getPresenceSettings(ctx, requireUser(req)));

  app.post('/api/profile/settings/presence/', async (req) =>
    setPresenceSettings(ctx, requireUser(req), parseInput(presenceSettings, req.body)),
  );
}
