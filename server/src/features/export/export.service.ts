import { listUserAttachments } from '../attachments/attachments.service';
import {
  EXPORT_AVAILABLE_HOURS,
  EXPORT_TEXTS,
  type ExportStartResponse,
  type ExportStatusResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import { AppError, NotFound } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { gatherExportFiles, zipFiles } from './export.builder';
import { exportFileName, isStalled, presentExport, STALLED_AFTER_MS } from './export.presenter';
import * as repo from './export.repository';

/** Share of the progress bar the gathering takes; the zip and its storing take the rest. */
const GATHER_SHARE = 90;

/** Builds under way in this process, so shutdown can let them finish. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

/** The user's current export, or null (docs/export.md). */
export async function getCurrentExport(ctx: AppContext, user: CurrentUser): Promise<ExportStatusResponse> {
  const row = await repo.findLatestExport(ctx.db, user.id);
  return { export: row ? presentExport(row, Date.now()) : null };
}

/**
 * Starts building a new export in the background and answers at once; while one is still being
 * built, answers that one. The previous export is removed: a user has one at a time.
 */
export async function startExport(ctx: AppContext, user: CurrentUser): Promise<ExportStartResponse> {
  const latest = await repo.findLatestExport(ctx.db, user.id);
  if (latest?.status === 'building' && !isStalled(latest, Date.now()))
    return { export: presentExport(latest, Date.now()) };
  await enforceRate(ctx.limiter, `export:user:${user.id}`, ctx.config.rateLimits.dataExport);
  const row = await ctx.writer.run(async (trx) => {
    const inserted = await repo.insertExport(trx, user.id, nowIso());
    await repo.deleteOtherExports(trx, user.id, inserted.id);
    return inserted;
  });
  track(ctx, buildExport(ctx, user.id, row.id));
  ctx.log.info({ userId: user.id, exportId: row.id }, 'data export started');
  return { export: presentExport(row, Date.now()) };
}

function track(ctx: AppContext, job: Promise<void>) {
  let jobs = running.get(ctx);
  if (!jobs) running.set(ctx, (jobs = new Set()));
  const set = jobs;
  set.add(job);
  void job.finally(() => set.delete(job));
}

/** Settles once every build under way in this process has ended. */
export async function drainExports(ctx: AppContext) {
  await Promise.allSettled([...(running.get(ctx) ?? [])]);
}

/** Gathers, zips and stores one export; a failure is recorded on the row, never thrown. */
async function buildExport(ctx: AppContext, userId: number, exportId: number): Promise<void> {
  try {
    let shown = 0;
    const files = await gatherExportFiles(
      ctx.db,
      userId,
      ctx.config.productName,
      async (share) => {
        const progress = Math.floor(share * GATHER_SHARE);
        if (progress === shown) return;
        shown = progress;
        await ctx.writer.run((trx) => repo.updateExportProgress(trx, exportId, progress, nowIso()));
      },
      () => listUserAttachments(ctx, userId),
    );
    const zip = await zipFiles(files);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + EXPORT_AVAILABLE_HOURS * 3600_000).toISOString();
    await ctx.writer.run((trx) => repo.markExportReady(trx, exportId, zip, now.toISOString(), expiresAt));
    ctx.log.info({ userId, exportId, bytes: zip.length }, 'data export ready');
  } catch (err) {
    ctx.log.error({ err, userId, exportId }, 'data export failed');
    try {
      await ctx.writer.run((trx) => repo.markExportFailed(trx, exportId, nowIso()));
    } catch (markErr) {
      // The row stays 'building' and is shown as failed once stalled.
      ctx.log.error({ err: markErr, exportId }, 'data export not marked failed');
    }
  }
}

/**
 * The zip of one of the user's exports while it may be downloaded. Another user's export is not
 * found (ids reveal nothing); one past its 24 hours is gone.
 */
export async function openExportDownload(ctx: AppContext, user: CurrentUser, exportId: number) {
  const row = await repo.findExportContent(ctx.db, user.id, exportId);
  if (!row || row.status !== 'ready' || !row.content) throw new NotFound();
  if (row.expires_at && Date.parse(row.expires_at) <= Date.now()) throw new AppError(410, EXPORT_TEXTS.gone);
  return {
    fileName: exportFileName(ctx.config.productName, user.username, row.created_at),
    content: row.content,
  };
}

/** Removes expired exports and stalled builds; run every hour by each server. */
export async function sweepExports(ctx: AppContext): Promise<number> {
  const now = Date.now();
  return ctx.writer.run((trx) =>
    repo.deleteStaleExports(trx, new Date(now).toISOString(), new Date(now - STALLED_AFTER_MS).toISOString()),
  );
}
