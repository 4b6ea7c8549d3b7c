import type { FastifyInstance } from 'fastify';
import { loginBody, registerBody, type CsrfResponse, type RegisterResponse } from '@studium/protocol';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/validate';
import { CSRF_COOKIE, isValidCsrfToken, issueCsrfToken, setCsrfCookie } from '../../plugins/csrf';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '../../plugins/session';
import { findUserById } from './auth.repository';
import { presentLogin, presentSession } from './auth.presenter';
import { loginUser, logoutSession, registerUser } from './auth.service';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/csrf/', async (req, reply) => {
    const current = req.cookies[CSRF_COOKIE];
    if (current && isValidCsrfToken(ctx.csrfSecret, current, req.cookies[SESSION_COOKIE]))
      return { csrftoken: current } satisfies CsrfResponse;
    const token = issueCsrfToken(ctx.csrfSecret, req.cookies[SESSION_COOKIE]);
    setCsrfCookie(reply, ctx, token);
    return { csrftoken: token } satisfies CsrfResponse;
  });

  app.get('/api/session/', async (req) =>
    presentSession(req.user ? await findUserById(ctx.db, req.user.id) : undefined, ctx.config.productName),
  );

  app.post('/api/register/', async (req, reply) => {
    const user = await registerUser(ctx, parseInput(registerBody, req.body), req.ip);
    return reply.status(201).send({ username: user.username } satisfies RegisterResponse);
  });

  app.post('/api/login/', async (req, reply) => {
    const { user, token } = await loginUser(
      ctx,
      parseInput(loginBody, req.body),
      req.ip,
      req.cookies[SESSION_COOKIE],
      req.headers['user-agent'] ?? '',
    );
    setSessionCookie(reply, ctx, token);
    setCsrfCookie(reply, ctx, issueCsrfToken(ctx.csrfSecret, token));
    return presentLogin(user);
  });

  app.post('/api/logout/', async (req, reply) => {
    await logoutSession(ctx, req.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, ctx);
    setCsrfCookie(reply, ctx, issueCsrfToken(ctx.csrfSecret, undefined));
    return { ok: true };
  });
}
