import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service';

function parseSessionId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id)) throw new NotFound();
  return id;
}

/** The user's sessions: list, log out one, log out all others (docs/sessions.md). */
export function sessionsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/sessions/', async (req) => listSessions(ctx, requireUser(req)));

  app.delete<{ Params: { id: string } }>('/api/sessions/:id/', async (req) =>
    revokeSession(ctx, requireUser(req), parseSessionId(req.params.id)),
  );

  app.post('/api/sessions/log-out-others/', async (req) => revokeOtherSessions(ctx, requireUser(req)));
}
