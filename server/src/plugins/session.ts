import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import { Unauthorized } from '../lib/errors';
import { isApiRequest, isSocketRequest } from './request-path';

export const SESSION_COOKIE = 'sessionid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null. Loaded once per request from the `sessionid` cookie. */
    user: CurrentUser | null;
  }
}

/** The user behind a session cookie, or null (the auth feature's rule, given by app.ts). */
export type SessionResolver = (token: string | undefined) => Promise<CurrentUser | null>;

/** Loads `req.user` for API and WebSocket requests. */
export function registerSession(app: FastifyInstance, resolveSession: SessionResolver) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req) && !isSocketRequest(req)) return;
    req.user = await resolveSession(req.cookies[SESSION_COOKIE]);
  });
}

/** The logged-in user, or 401. */
export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw new Unauthorized();
  return req.user;
}

export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string) {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: Math.floor(ctx.config.session.maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext) {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
  });
}
