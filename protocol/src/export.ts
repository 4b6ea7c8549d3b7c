import { z } from 'zod';

/** How long a finished export can be downloaded, in hours (docs/export.md). */
export const EXPORT_AVAILABLE_HOURS = 24;

/**
 * 'building' while the server gathers the data, 'ready' to download until `expires_at`,
 * 'expired' after that (until the sweep removes it), 'failed' when building stopped.
 */
export const EXPORT_STATUSES = ['building', 'ready', 'expired', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One export of the user's data: its progress while it is built, then where to download it. */
export const dataExport = z.object({
  id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100: share of the work done (100 once ready). */
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The zip's size in bytes once ready. */
  size_bytes: z.number().int().min(0).nullable(),
  /** Set while the export can be downloaded. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

/** `GET /api/export/`: the user's current export, or null when there is none. */
export const exportStatusResponse = z.object({ export: dataExport.nullable() });
export type ExportStatusResponse = z.infer<typeof exportStatusResponse>;

/** `POST /api/export/`: the export just started (or the one still being built). */
export const exportStartResponse = z.object({ export: dataExport });
export type ExportStartResponse = z.infer<typeof exportStartResponse>;

export const EXPORT_TEXTS = {
  title: 'Export my data',
  description: (product: string) =>
    `Prepare a zip of everything ${product} holds about you: account, profile, messages, reactions, conversations, notifications, matchmaking and sessions, as JSON files plus your picture. Only you can download it, for 24 hours.`,
  start: 'Export my data',
  again: 'Prepare a new export',
  preparing: 'Preparing your export…',
  started: 'Your export is being prepared',
  ready: 'Your export is ready',
  download: 'Download',
  availableUntil: (when: string) => `Available until ${when}`,
  expired: 'Your last export has expired. Prepare a new one.',
  failed: 'The export failed. Please try again.',
  startFailed: 'Could not start the export',
  loadFailed: 'Failed to load your export',
  gone: 'This export has expired',
  progressLabel: 'Export progress',
} as const;
