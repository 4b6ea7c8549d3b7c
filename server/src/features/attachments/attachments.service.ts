import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_TEXTS,
  CHAT_TEXTS,
  megabytes as mb,
  type Attachment,
  type AttachmentLimitsResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { AppError, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import * as policy from '../rooms/rooms.policy';
import { findRoomAccess, getRoomAccess } from '../rooms/rooms.service';
import { createFileStore, type FileStore } from './attachment-store';
import { processAttachment } from './attachment-processing';
import { visibleFileName } from './file-name';
import { groupAttachments, presentAttachment } from './attachments.presenter';
import * as repo from './attachments.repository';

const t = ATTACHMENT_TEXTS;

/** The directory store when ATTACHMENTS_DIR is set; null: bytes go in the database. */
const fileStoreOf = (ctx: AppContext): FileStore | null =>
  ctx.config.attachments.dir ? createFileStore(ctx.config.attachments.dir) : null;

/** The error of a file over ATTACHMENT_MAX_BYTES (413). */
export const tooLarge = (ctx: AppContext) => {
  const text = t.tooLarge(mb(ctx.config.attachments.maxBytes));
  return new AppError(413, text, { file: text });
};

const quotaExceeded = (ctx: AppContext) => {
  const text = t.quotaExceeded(mb(ctx.config.attachments.quotaBytes));
  return new AppError(413, text, { file: text });
};

/**
 * Stores an upload to a room the user may write in, unsent until a message claims it
 * (docs/attachments.md): checked and re-encoded first, then counted against the user's quota.
 */
export async function uploadAttachment(
  ctx: AppContext,
  user: CurrentUser,
  roomRef: string,
  upload: { content: Buffer; filename: string },
): Promise<Attachment> {
  const access = await getRoomAccess(ctx.db, user, roomRef);
  if (!policy.canRead(user, access.room, access.membership)) throw new NotFound();
  if (!policy.canSend(user, access.room, access.membership))
    throw new Forbidden(CHAT_TEXTS.chat.noPermission);
  if (upload.content.length > ctx.config.attachments.maxBytes) throw tooLarge(ctx);
  // A full quota refuses before any decoding; the exact check is at insert (below).
  if ((await repo.sumUserBytes(ctx.db, user.id)) >= ctx.config.attachments.quotaBytes)
    throw quotaExceeded(ctx);
  // Decoding and re-encoding is costly: bounded per user, like picture uploads.
  await enforceRate(ctx.limiter, `attachment:user:${user.id}`, ctx.config.rateLimits.upload);
  const processed = await processAttachment(upload.content, upload.filename);
  const id = randomToken(16).slice(0, 22);
  const store = fileStoreOf(ctx);
  const size = processed.content.length;
  const row = {
    id,
    room_id: access.room.id,
    user_id: user.id,
    kind: processed.kind,
    name: processed.name,
    mime: processed.mime,
    size,
    width: processed.width,
    height: processed.height,
    content: store ? null : processed.content,
    thumbnail: store ? null : processed.thumbnail,
    storage_key: store ? id : null,
    created_at: nowIso(),
  };
  if (store) await store.write(id, processed.content, processed.thumbnail);
  try {
    await ctx.writer.run(async (trx) => {
      const used = await repo.sumUserBytes(trx, user.id);
      if (used + size > ctx.config.attachments.quotaBytes) throw quotaExceeded(ctx);
      await repo.insertAttachment(trx, row);
    });
  } catch (err) {
    if (store) await store.remove([id]);
    throw err;
  }
  return presentAttachment(row);
}

/** The limits the composer states, and how much of the quota the user has used. */
export async function getAttachmentLimits(
  ctx: AppContext,
  user: CurrentUser,
): Promise<AttachmentLimitsResponse> {
  return {
    max_bytes: ctx.config.attachments.maxBytes,
    quota_bytes: ctx.config.attachments.quotaBytes,
    used_bytes: await repo.sumUserBytes(ctx.db, user.id),
  };
}

/**
 * An attachment `viewer` may fetch (its bytes read on demand), checked on every request: an
 * attachment exists only for those who may read its room (and, before it is sent, only for its
 * uploader); everyone else, anonymous visitors included, gets the same 404 whether or not the id
 * exists.
 */
export async function getReadableAttachment(
  ctx: AppContext,
  viewer: CurrentUser | null,
  id: string,
  which: 'content' | 'thumbnail',
) {
  const meta = /^[A-Za-z0-9_-]{22}$/.test(id) ? await repo.findAttachment(ctx.db, id) : undefined;
  if (!meta || !viewer) throw new NotFound();
  if (meta.message_id === null && meta.user_id !== viewer.id) throw new NotFound();
  const access = await findRoomAccess(ctx.db, viewer, meta.room_id);
  if (!access || !policy.canRead(viewer, access.room, access.membership)) throw new NotFound();
  if (which === 'thumbnail' && meta.kind !== 'image') throw new NotFound();
  const store = fileStoreOf(ctx);
  // The bytes are read only when sent (not for a 304 to a browser that has them).
  const read = async () => {
    let content: Buffer | null = null;
    if (meta.storage_key === null) content = await repo.findStoredBytes(ctx.db, meta.id, which);
    else if (store) content = await store.read(meta.storage_key, which);
    if (!content) throw new NotFound();
    return content;
  };
  return {
    read,
    kind: meta.kind,
    mime: which === 'thumbnail' ? 'image/webp' : meta.mime,
    name: visibleFileName(meta.name),
  };
}

/** Ties unsent uploads to a new message in its transaction; refuses any that is not the author's to give. */
export async function claimAttachments(
  trx: Executor,
  ids: string[],
  owner: { userId: number; roomId: number },
  messageId: number,
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if ((await repo.claimForMessage(trx, unique, owner, messageId)) !== unique.length)
    throw new Invalid(t.notYours, { attachments: t.notYours });
}

/** The attachments of a page of messages, by message id. */
export async function listMessageAttachments(db: Executor, messageIds: number[]) {
  return groupAttachments(await repo.listForMessages(db, messageIds));
}

/** Erases a message's attachments in its deletion's transaction; answers the files to remove after commit. */
export const eraseMessageAttachments = (trx: Executor, messageId: number) =>
  repo.deleteForMessage(trx, messageId);

/** Erases every attachment of a user in the account deletion's transaction; answers the files to remove. */
export const eraseUserAttachments = (trx: Executor, userId: number) => repo.deleteForUser(trx, userId);

/** Removes the files of erased attachments (after the rows' deletion committed). */
export async function removeAttachmentFiles(ctx: AppContext, keys: string[]) {
  const store = fileStoreOf(ctx);
  if (store && keys.length > 0) await store.remove(keys);
}

/** Erases uploads never sent with a message within a day. */
export async function sweepUnsentAttachments(ctx: AppContext): Promise<void> {
  const before = new Date(Date.now() - ATTACHMENT_LIMITS.unattachedTtlMs).toISOString();
  const keys = await ctx.writer.run((trx) => repo.deleteUnsentBefore(trx, before));
  await removeAttachmentFiles(ctx, keys);
}

/**
 * The user's sent attachments with their bytes, for the data export (docs/export.md): what each
 * is, where it was sent, and a read of its content from wherever it is stored.
 */
export async function listUserAttachments(ctx: AppContext, userId: number) {
  const store = fileStoreOf(ctx);
  const rows = await repo.listSentByUser(ctx.db, userId);
  return rows.map((row) => ({
    meta: {
      id: row.id,
      name: visibleFileName(row.name),
      mime: row.mime,
      size: row.size,
      kind: row.kind,
      message_id: row.message_id,
      room: row.room,
      created_at: row.created_at,
    },
    read: async (): Promise<Buffer | null> =>
      row.storage_key === null
        ? repo.findStoredBytes(ctx.db, row.id, 'content')
        : store
          ? store.read(row.storage_key, 'content')
          : null,
  }));
}
