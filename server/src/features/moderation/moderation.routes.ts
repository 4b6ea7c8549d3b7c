import type { FastifyInstance } from 'fastify';
import { createReportBody, moderationActionBody } from '@studium/protocol';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import {
  actOnReport,
  createReport,
  getModerationAccess,
  liftBan,
  listBans,
  listModerationLog,
  listQueue,
} from './moderation.service';

/** A report's or a ban's id from the URL; anything else names nothing. */
function parseId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new NotFound();
  return id;
}

/** Reports, the moderation queue, its actions, the bans and the log (docs/moderation.md). */
export function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/reports/', async (req, reply) =>
    reply.status(201).send(await createReport(ctx, requireUser(req), parseInput(createReportBody, req.body))),
  );

  app.get('/api/moderation/access/', async (req) => getModerationAccess(ctx, requireUser(req)));

  app.get('/api/moderation/reports/', async (req) => listQueue(ctx, requireUser(req)));

  app.post<{ Params: { id: string } }>('/api/moderation/reports/:id/action/', async (req) =>
    actOnReport(ctx, requireUser(req), parseId(req.params.id), parseInput(moderationActionBody, req.body)),
  );

  app.get('/api/moderation/log/', async (req) => listModerationLog(ctx, requireUser(req)));

  app.get('/api/moderation/bans/', async (req) => listBans(ctx, requireUser(req)));

  app.delete<{ Params: { id: string } }>('/api/moderation/bans/:id/', async (req) =>
    liftBan(ctx, requireUser(req), parseId(req.params.id)),
  );
}
