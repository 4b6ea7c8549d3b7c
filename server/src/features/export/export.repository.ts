import type { Generated, Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema';

export type DataExportsTable = {
  id: Generated<number>;
  user_id: number;
  status: 'building' | 'ready' | 'failed';
  progress: number;
  content: Buffer | null;
  size_bytes: number | null;
  created_at: string;
  updated_at: string;
  ready_at: string | null;
  expires_at: string | null;
};

/** The table of migration 0015, kept beside the code that alone queries it. */
export type ExportTables = { data_exports: DataExportsTable };

// Transaction extends Kysely, so the cast keeps the transaction (and its connection).
const withExports = (db: Executor) => db.$extendTables<ExportTables>() as Kysely<Database & ExportTables>;

const SUMMARY = [
  'id',
  'user_id',
  'status',
  'progress',
  'size_bytes',
  'created_at',
  'updated_at',
  'ready_at',
  'expires_at',
] as const;

/** The user's newest export, without its content. */
export const findLatestExport = (db: Executor, userId: number) =>
  withExports(db)
    .selectFrom('data_exports')
    .select(SUMMARY)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export type ExportSummaryRow = NonNullable<Awaited<ReturnType<typeof findLatestExport>>>;

/** Starts a new export row for the user. */
export const insertExport = (db: Executor, userId: number, now: string) =>
  withExports(db)
    .insertInto('data_exports')
    .values({ user_id: userId, status: 'building', progress: 0, created_at: now, updated_at: now })
    .returning(SUMMARY)
    .executeTakeFirstOrThrow();

/** Removes the user's exports other than `keepId` (one export per user at a time). */
export async function deleteOtherExports(db: Executor, userId: number, keepId: number) {
  await withExports(db)
    .deleteFrom('data_exports')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .execute();
}

/** Records progress of a build still under way. */
export async function updateExportProgress(db: Executor, id: number, progress: number, now: string) {
  await withExports(db)
    .updateTable('data_exports')
    .set({ progress, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .execute();
}

/** Stores the finished zip. */
export async function markExportReady(
  db: Executor,
  id: number,
  content: Buffer,
  now: string,
  expiresAt: string,
) {
  await withExports(db)
    .updateTable('data_exports')
    .set({
      status: 'ready',
      progress: 100,
      content,
      size_bytes: content.length,
      updated_at: now,
      ready_at: now,
      expires_at: expiresAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function markExportFailed(db: Executor, id: number, now: string) {
  await withExports(db)
    .updateTable('data_exports')
    .set({ status: 'failed', updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** One of the user's exports with its zip (never another user's). */
export const findExportContent = (db: Executor, userId: number, id: number) =>
  withExports(db)
    .selectFrom('data_exports')
    .select(['id', 'status', 'content', 'created_at', 'expires_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Deletes exports past their download window, and builds that stalled (their process stopped). */
export async function deleteStaleExports(db: Executor, now: string, stalledBefore: string) {
  const result = await withExports(db)
    .deleteFrom('data_exports')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('status', '!=', 'ready'), eb('updated_at', '<', stalledBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
