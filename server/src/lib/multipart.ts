import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROFILE_LIMITS, TEXTS } from '@studium/protocol';
import { AppError, Invalid } from './errors';

/**
 * Lets the routes of `scope` (and only those) accept a multipart upload: one file of at most
 * `fileBytes` and a few short text fields (docs/security.md, "Uploads").
 */
export async function acceptUploads(scope: FastifyInstance, fileBytes: number) {
  await scope.register(fastifyMultipart, {
    limits: {
      fileSize: fileBytes,
      files: 1,
      fields: PROFILE_LIMITS.multipartFields,
      fieldSize: PROFILE_LIMITS.multipartFieldBytes,
      parts: PROFILE_LIMITS.multipartParts,
    },
  });
}

export interface UploadForm {
  /** The text fields by name (the last one wins when a name repeats). */
  fields: Record<string, string>;
  /** The file sent under the expected name; null when there was none. */
  file: { content: Buffer; filename: string } | null;
}

interface UploadFormOptions {
  /** The name of the file part; a file under any other name is read past and ignored. */
  fileField: string;
  /** The error for a file over the scope's size limit (413, with the route's own text). */
  tooLarge: () => AppError;
}

/**
 * Reads the whole form of an upload (the one reader of multipart bodies). A body the parser
 * cannot read — a boundary missing from the Content-Type or never closed, a truncated part, a
 * body that is not multipart at all — is the sender's fault: 400 with a clear text, never a
 * 500 with a stack trace in the log. Over a limit (file size, parts, files, fields) it is 413.
 */
export async function readUploadForm(req: FastifyRequest, options: UploadFormOptions): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, file: null };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      // Every file part is read to its end (or its error), so the parser moves on to the next.
      const content = await part.toBuffer();
      if (part.fieldname === options.fileField)
        form.file = { content, filename: part.filename || options.fileField };
    }
  } catch (err) {
    throw uploadError(err, options);
  }
  return form;
}

/** The answer to a failed read: our own errors as they are, the parser's sorted into 413 or 400. */
function uploadError(err: unknown, options: UploadFormOptions): AppError {
  if (err instanceof AppError) return err;
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return options.tooLarge();
  if (statusCode === 413) return new AppError(413, TEXTS.server.bodyTooLarge);
  return new Invalid(TEXTS.server.malformedUpload);
}
