import type { FastifyInstance } from 'fastify';
import {
  darkmodeBody,
  LIMITS,
  passwordChangeBody,
  PROFILE_TEXTS,
  profileUpdateBody,
} from '@studium/protocol';
import type { AppContext } from '../../context';
import { AppError, Invalid } from '../../lib/errors';
import { acceptUploads, readUploadForm } from '../../lib/multipart';
import { parseInput } from '../../lib/validate';
import { assertCsrfToken, CSRF_FIELD, issueCsrfToken, setCsrfCookie } from '../../plugins/csrf';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session';
import {
  changePassword,
  deleteAccount,
  getDarkmode,
  getOwnProfile,
  getPicture,
  getPublicProfile,
  removePicture,
  setDarkmode,
  updateOwnProfile,
  uploadPicture,
} from './profile.service';

interface UsernameParams {
  username: string;
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/profile/settings/darkmode/', async (req) => getDarkmode(ctx, requireUser(req)));

  app.post('/api/profile/settings/darkmode/', async (req) =>
    setDarkmode(ctx, requireUser(req), parseInput(darkmodeBody, req.body).darkmode_enabled),
  );

  app.get('/api/profile/', async (req) => getOwnProfile(ctx, requireUser(req)));

  // Multipart is parsed only in this scope: no other route accepts uploads.
  void app.register(async (scope) => {
    await acceptUploads(scope, LIMITS.pictureMaxBytes);

    /** JSON: the profile fields. Multipart: `profile_picture`, or `delete_picture=true`. */
    scope.post('/api/profile/', async (req) => {
      const user = requireUser(req);
      if (!req.isMultipart()) return updateOwnProfile(ctx, user, parseInput(profileUpdateBody, req.body));
      const form = await readUploadForm(req, { fileField: 'profile_picture', tooLarge: pictureTooLarge });
      if (!req.csrfVerified) assertCsrfToken(req, ctx, form.fields[CSRF_FIELD]);
      if (form.fields.delete_picture === 'true') return removePicture(ctx, user);
      if (!form.file)
        throw new Invalid(PROFILE_TEXTS.pictureMissing, { profile_picture: PROFILE_TEXTS.pictureMissing });
      return uploadPicture(ctx, user, form.file.content);
    });
  });

  app.get<{ Params: UsernameParams }>(
    '/api/users/:username/picture/',
    {
      // Runs after the global security headers: a picture may be cached, privately, if revalidated
      // (its privacy can change), and it is never a document (docs/security.md).
      onSend: async (_req, reply, payload) => {
        if (reply.statusCode === 200 || reply.statusCode === 304)
          reply.header('cache-control', 'private, no-cache');
        if (reply.statusCode === 200) reply.header('content-security-policy', "default-src 'none'; sandbox");
        return payload;
      },
    },
    async (req, reply) => {
      const picture = await getPicture(ctx, requireUser(req), req.params.username);
      void reply.header('etag', picture.etag);
      if (req.headers['if-none-match'] === picture.etag) return reply.status(304).send();
      return reply.type(picture.mime).send(picture.content);
    },
  );

  app.get<{ Params: UsernameParams }>('/api/users/:username/profile/', async (req) =>
    getPublicProfile(ctx, requireUser(req), req.params.username),
  );

  app.post('/api/password/', async (req, reply) => {
    const { token } = await changePassword(ctx, requireUser(req), parseInput(passwordChangeBody, req.body));
    setSessionCookie(reply, ctx, token);
    setCsrfCookie(reply, ctx, issueCsrfToken(ctx.csrfSecret, token));
    return { ok: true };
  });

  app.post<{ Params: UsernameParams }>('/api/profile/delete/:username/', async (req, reply) => {
    await deleteAccount(ctx, requireUser(req), req.params.username);
    clearSessionCookie(reply, ctx);
    setCsrfCookie(reply, ctx, issueCsrfToken(ctx.csrfSecret, undefined));
    return { ok: true };
  });
}

const pictureTooLarge = () =>
  new AppError(413, PROFILE_TEXTS.imageTooLarge, { profile_picture: PROFILE_TEXTS.imageTooLarge });
