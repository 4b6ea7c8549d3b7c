import type { FastifyInstance } from 'fastify';
import { markReadBody, notificationListQuery } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { listNotifications, markRead } from './notifications.service';

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/notifications/', async (req) =>
    listNotifications(ctx, requireUser(req), parseInput(notificationListQuery, req.query)),
  );
  app.post('/api/notifications/mark_read/', async (req) =>
    markRead(ctx, requireUser(req), parseInput(markReadBody, req.body)),
  );
}
