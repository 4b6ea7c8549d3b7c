import { z } from 'zod';

/** Attachment figures the server enforces and the composer states (docs/attachments.md). */
export const ATTACHMENT_LIMITS = {
  /** Default largest file (ATTACHMENT_MAX_BYTES). */
  maxBytesDefault: 10 * 1024 * 1024,
  /** Default bytes one user may keep stored (ATTACHMENT_QUOTA_BYTES). */
  quotaBytesDefault: 200 * 1024 * 1024,
  /** Decoded pixels an image may have (a decompression bomb stops here). */
  imageMaxPixels: 6000 * 6000,
  /** The full image is re-encoded within this square. */
  imageOutputPx: 2560,
  /** Thumbnails fit in this square. */
  thumbnailPx: 320,
  /** Attachments one message may carry. */
  perMessageMax: 4,
  /** Characters of a file name kept. */
  nameMax: 120,
  /** An upload not sent with a message within this time is swept. */
  unattachedTtlMs: 24 * 3600_000,
} as const;

/** Bytes as the texts state them: megabytes with at most one decimal (10, 0.2). */
export const megabytes = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

export const ATTACHMENT_TEXTS = {
  attach: 'Attach a file',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  remove: 'Remove attachment',
  download: 'Download',
  openImage: (name: string) => `Open image ${name}`,
  viewerTitle: 'Image',
  close: 'Close',
  dropHere: 'Drop files to attach them',
  hint: (maxMb: number) =>
    `Images (JPG, PNG, GIF, WebP) or files (PDF, text, zip, Office), up to ${maxMb} MB each`,
  quotaUsage: (usedMb: number, quotaMb: number) => `${usedMb} of ${quotaMb} MB used`,
  uploadFailed: 'Upload failed',
  fileMissing: 'Choose a file to upload.',
  tooLarge: (maxMb: number) => `That file is larger than ${maxMb} MB.`,
  quotaExceeded: (quotaMb: number) =>
    `You have used your ${quotaMb} MB of attachment storage. Delete some messages with attachments first.`,
  unsupportedType:
    'That kind of file is not allowed. Send images (JPG, PNG, GIF, WebP), PDF, plain text, zip or Office documents.',
  unreadableImage: 'That image could not be read.',
  tooManyPixels: 'That image has too many pixels.',
  notYours: 'An attachment is not one of your uploads to this room, or was already sent.',
  tooMany: (max: number) => `A message may carry at most ${max} attachments.`,
  /** The preview of a message that carries files and no text (a conversation row, a notification). */
  filesPreview: (count: number) => (count === 1 ? '📎 1 file' : `📎 ${count} files`),
} as const;

/** The public id of an attachment: random, so ids cannot be guessed or counted. */
export const attachmentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** An attachment as messages and the upload answer carry it. */
export const attachment = z.object({
  id: attachmentIdSchema,
  kind: z.enum(['image', 'file']),
  name: z.string(),
  size: z.number().int().min(0),
  mime: z.string(),
  /** Pixels of the stored image; null for a file. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** The full content (an image inline, a file as a download). */
  url: z.string(),
  /** A small image (≤ 320 px); null for a file. */
  thumbnail_url: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachment>;

/** `POST /api/rooms/{room}/attachments/` (multipart, one `file`): the stored, not yet sent upload. */
export const uploadAttachmentResponse = attachment;

/** `GET /api/attachments/limits/`: the configured limits and what the user has stored, in bytes. */
export const attachmentLimitsResponse = z.object({
  max_bytes: z.number().int().positive(),
  quota_bytes: z.number().int().positive(),
  used_bytes: z.number().int().min(0),
});
export type AttachmentLimitsResponse = z.infer<typeof attachmentLimitsResponse>;

/** Ids of one's own unsent uploads to the room, sent with a message. */
export const attachmentIdsSchema = z
  .array(attachmentIdSchema)
  .max(ATTACHMENT_LIMITS.perMessageMax, ATTACHMENT_TEXTS.tooMany(ATTACHMENT_LIMITS.perMessageMax));

export const attachmentUrl = (id: string) => `/api/attachments/${id}/`;
export const attachmentThumbnailUrl = (id: string) => `/api/attachments/${id}/thumbnail/`;
