import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/session';
import { addBlock, listBlocks, removeBlock } from './blocks.service';

type ByName = { Params: { username: string } };

/** Blocking and muting other users (docs/blocks.md). */
export function blocksRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/blocks/', async (req) => listBlocks(ctx, requireUser(req)));
  for (const [segment, kind] of [
    ['block', 'block'],
    ['mute', 'mute'],
  ] as const) {
    app.post<ByName>(`/api/users/:username/${segment}/`, async (req) =>
      addBlock(ctx, requireUser(req), req.params.username, kind),
    );
    app.delete<ByName>(`/api/users/:username/${segment}/`, async (req) =>
      removeBlock(ctx, requireUser(req), req.params.username, kind),
    );
  }
}
