import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { getCurrentExport, openExportDownload, startExport } from './export.service';

function parseExportId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id)) throw new NotFound();
  return id;
}

/** Export my data: start, follow, download (docs/export.md). */
export function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/export/', async (req, reply) =>
    reply.status(202).send(await startExport(ctx, requireUser(req))),
  );

  app.get('/api/export/', async (req) => getCurrentExport(ctx, requireUser(req)));

  app.get<{ Params: { id: string } }>('/api/export/:id/download/', async (req, reply) => {
    const file = await openExportDownload(ctx, requireUser(req), parseExportId(req.params.id));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.content);
  });
}
