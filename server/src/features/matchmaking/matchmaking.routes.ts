import type { FastifyInstance } from 'fastify';
import {
  deleteIntentBody,
  matchDecisionBody,
  saveIntentBody,
  tutoringRole,
  type TutoringRole,
} from '@studium/protocol';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import {
  acceptMatch,
  declineMatch,
  deleteIntent,
  getIntent,
  listMatches,
  listRecommendations,
  saveIntent,
} from './matchmaking.service';

/** Any role but tutor and tutoree is no page here; the group intent has its own routes (party.routes.ts). */
export const unknownRoleText = (role: string) =>
  `Unknown matchmaking role '${role.slice(0, 32)}': use tutor or tutoree.`;

/** The role in the URL, or 404. */
function roleParam(params: unknown): TutoringRole {
  const role = (params as { role: string }).role;
  const parsed = tutoringRole.safeParse(role);
  if (!parsed.success) throw new NotFound(unknownRoleText(role));
  return parsed.data;
}

/** Tutoring matchmaking (docs/matchmaking.md). */
export function matchmakingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/intent/:role', async (req) => {
    const user = requireUser(req);
    return getIntent(ctx, user, roleParam(req.params));
  });
  app.post('/api/intent/:role', async (req) => {
    const user = requireUser(req);
    return saveIntent(ctx, user, roleParam(req.params), parseInput(saveIntentBody, req.body));
  });
  app.get('/api/intent/:role/recs', async (req) => {
    const user = requireUser(req);
    return listRecommendations(ctx, user, roleParam(req.params));
  });
  app.get('/api/intent/:role/matches', async (req) => {
    const user = requireUser(req);
    return listMatches(ctx, user, roleParam(req.params));
  });
  app.post('/api/intent/:role/accept', async (req) => {
    const user = requireUser(req);
    return acceptMatch(ctx, user, roleParam(req.params), parseInput(matchDecisionBody, req.body));
  });
  app.post('/api/intent/:role/decline', async (req) => {
    const user = requireUser(req);
    return declineMatch(ctx, user, roleParam(req.params), parseInput(matchDecisionBody, req.body));
  });
  app.delete('/api/intent/:role/delete', async (req) => {
    const user = requireUser(req);
    return deleteIntent(ctx, user, roleParam(req.params), parseInput(deleteIntentBody, req.body));
  });
}
