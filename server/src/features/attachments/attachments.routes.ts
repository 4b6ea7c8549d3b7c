import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_TEXTS } from '@studium/protocol';
import type { AppContext } from '../../context';
import { Invalid } from '../../lib/errors';
import { acceptUploads, readUploadForm } from '../../lib/multipart';
import { requireUser } from '../../plugins/session';
import {
  getAttachmentLimits,
  getReadableAttachment,
  tooLarge,
  uploadAttachment,
} from './attachments.service';

type RoomParams = { Params: { room: string } };
type IdParams = { Params: { id: string } };

/** Uploading to a room, and reading an attachment (full or thumbnail) with its room's read access. */
export function attachmentsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Multipart is parsed only in this scope, bounded to one file of ATTACHMENT_MAX_BYTES.
  void app.register(async (scope) => {
    await acceptUploads(scope, ctx.config.attachments.maxBytes);
    scope.post<RoomParams>('/api/rooms/:room/attachments/', async (req, reply) => {
      const user = requireUser(req);
      const upload = await readUpload(req, ctx);
      return reply.status(201).send(await uploadAttachment(ctx, user, req.params.room, upload));
    });
  });

  app.get('/api/attachments/limits/', async (req) => getAttachmentLimits(ctx, requireUser(req)));

  for (const which of ['content', 'thumbnail'] as const) {
    const path = which === 'content' ? '/api/attachments/:id/' : '/api/attachments/:id/thumbnail/';
    app.get<IdParams>(path, { onSend: attachmentHeaders }, async (req, reply) => {
      const found = await getReadableAttachment(ctx, req.user, req.params.id, which);
      const etag = `"${req.params.id}-${which}"`;
      void reply.header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      const download = found.kind === 'file' && which === 'content';
      void reply.header('content-disposition', contentDisposition(download, found.name));
      return reply.type(found.mime).send(await found.read());
    });
  }
}

/**
 * Runs after the global security headers: an attachment may be cached privately if revalidated
 * (access is checked again each time, as room membership can change), and is never a document.
 */
async function attachmentHeaders(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 200 || reply.statusCode === 304)
    reply.header('cache-control', 'private, no-cache');
  if (reply.statusCode === 200) reply.header('content-security-policy', "default-src 'none'; sandbox");
  return payload;
}

/** `attachment` for files (always downloaded), `inline` for images; the name in both forms. */
function contentDisposition(download: boolean, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Reads the one `file` part (≤ ATTACHMENT_MAX_BYTES); other fields are ignored. */
async function readUpload(
  req: FastifyRequest,
  ctx: AppContext,
): Promise<{ content: Buffer; filename: string }> {
  const missing = () => new Invalid(ATTACHMENT_TEXTS.fileMissing, { file: ATTACHMENT_TEXTS.fileMissing });
  if (!req.isMultipart()) throw missing();
  const { file } = await readUploadForm(req, { fileField: 'file', tooLarge: () => tooLarge(ctx) });
  if (!file) throw missing();
  return file;
}
