import type { DataExport } from '@studium/protocol';
import type { ExportSummaryRow } from './export.repository';

/** A build not moved for this long is taken as stopped (its server process ended). */
export const STALLED_AFTER_MS = 10 * 60_000;

/** Whether a build under way has not moved for too long. */
export const isStalled = (row: ExportSummaryRow, nowMs: number) =>
  row.status === 'building' && Date.parse(row.updated_at) < nowMs - STALLED_AFTER_MS;

/** An export as its user sees it: expiry and stalled builds are read off the times. */
export function presentExport(row: ExportSummaryRow, nowMs: number): DataExport {
  const expired = row.status === 'ready' && row.expires_at !== null && Date.parse(row.expires_at) <= nowMs;
  const status = expired ? 'expired' : isStalled(row, nowMs) ? 'failed' : row.status;
  return {
    id: row.id,
    status,
    progress: row.progress,
    created_at: row.created_at,
    ready_at: row.ready_at,
    expires_at: row.expires_at,
    size_bytes: row.size_bytes,
    download_url: status === 'ready' ? `/api/export/${row.id}/download/` : null,
  };
}

/** The zip's file name: `<product>-export-<username>-<YYYY-MM-DD>.zip` (the product name as a slug). */
export function exportFileName(productName: string, username: string, createdAt: string): string {
  const product =
    productName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'data';
  return `${product}-export-${username}-${createdAt.slice(0, 10)}.zip`;
}
