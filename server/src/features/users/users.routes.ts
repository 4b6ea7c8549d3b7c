import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS, userSearchQuery, type UserSearchResponse } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import { searchUsernames } from './users.repository';

export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Mention and teammate suggestions: at most 10 usernames. */
  app.get('/api/users/search/', async (req): Promise<UserSearchResponse> => {
    requireUser(req);
    const { q } = parseInput(userSearchQuery, req.query);
    return { results: await searchUsernames(ctx.db, q, CHAT_LIMITS.userSearchResults) };
  });
}
