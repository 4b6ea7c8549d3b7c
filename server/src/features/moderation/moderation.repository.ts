import { sql, type Insertable } from 'kysely';
import type { ReportReason } from '@studium/protocol';
import { getDialect } from '../../db/dialect';
import type { Executor, ModerationLogTable } from '../../db/schema';

export interface NewReport {
  reporter_id: number;
  target_user_id: number;
  message_id: number | null;
  room_id: number | null;
  target_key: string;
  reason: ReportReason;
  details: string;
  created_at: string;
}

/** Stores an open report; a second open one of the same reporter and target breaks the unique index. */
export async function insertReport(db: Executor, report: NewReport): Promise<number> {
  const row = await db.insertInto('reports').values(report).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of the tree rooms a user owns (the owner column or an owner membership). */
const ownedRoomIds = (db: Executor, userId: number) =>
  db
    .selectFrom('rooms')
    .select('rooms.id')
    .where('rooms.kind', '=', 'public')
    .where((w) =>
      w.or([
        w('rooms.owner_id', '=', userId),
        w.exists(
          w
            .selectFrom('room_members')
            .select('room_members.user_id')
            .whereRef('room_members.room_id', '=', 'rooms.id')
            .where('room_members.user_id', '=', userId)
            .where('room_members.role', '=', 'owner'),
        ),
      ]),
    );

/** Whether the user owns at least one tree room. */
export async function ownsAnyRoom(db: Executor, userId: number): Promise<boolean> {
  const row = await ownedRoomIds(db, userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

const reportColumns = (db: Executor) =>
  db
    .selectFrom('reports')
    .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .innerJoin('users as target', 'target.id', 'reports.target_user_id')
    .leftJoin('rooms', 'rooms.id', 'reports.room_id')
    .select([
      'reports.id',
      'reports.reporter_id',
      'reports.target_user_id',
      'reports.message_id',
      'reports.room_id',
      'reports.target_key',
      'reports.reason',
      'reports.details',
      'reports.status',
      'reports.created_at',
      'reporter.username as reporter',
      'target.username as target_username',
      'rooms.name as room_name',
      'rooms.path as room_path',
      'rooms.owner_id as room_owner_id',
    ]);

export type ReportRow = Awaited<ReturnType<typeof findReport>> & object;

/** One report with the names the queue shows. */
export const findReport = (db: Executor, id: number) =>
  reportColumns(db).where('reports.id', '=', id).executeTakeFirst();

/** Open reports, oldest first: every one for an operator, else those of the rooms the user owns. */
export const listOpenReports = (db: Executor, userId: number, isOperator: boolean, limit: number) => {
  let query = reportColumns(db).where('reports.status', '=', 'open');
  if (!isOperator) query = query.where('reports.room_id', 'in', ownedRoomIds(db, userId));
  return query.orderBy('reports.id', 'asc').limit(limit).execute();
};

/** Closes every open report of the same target (and room) as handled; answers the closed ones. */
export const closeOpenReports = (
  db: Executor,
  targetKey: string,
  status: 'dismissed' | 'actioned',
  by: number,
  at: string,
) =>
  db
    .updateTable('reports')
    .set({ status, handled_at: at, handled_by: by })
    .where('target_key', '=', targetKey)
    .where('status', '=', 'open')
    .returning(['id', 'reporter_id'])
    .execute();

/** The messages around one, oldest first, with their authors; deleted ones come as they are. */
export async function listContext(
  db: Executor,
  roomId: number,
  messageId: number,
  before: number,
  after: number,
) {
  const base = () =>
    db
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.user_id')
      .select([
        'messages.id',
        'messages.content',
        'messages.created_at',
        'messages.deleted_at',
        'users.username',
      ])
      .where('messages.room_id', '=', roomId);
  const older = await base()
    .where('messages.id', '<=', messageId)
    .orderBy('messages.id', 'desc')
    .limit(before + 1)
    .execute();
  const newer = await base()
    .where('messages.id', '>', messageId)
    .orderBy('messages.id', 'asc')
    .limit(after)
    .execute();
  return [...older.reverse(), ...newer];
}

export type ContextRow = Awaited<ReturnType<typeof listContext>>[number];

/**
 * `listContext` for several reported messages at once, by message id: on PostgreSQL in one
 * statement (each message's neighbours read by the same two index scans, laterally), on SQLite one
 * message after another (each a few microseconds). The queue's hundred reports were 200 round trips.
 */
export async function listContexts(
  db: Executor,
  anchors: ReadonlyArray<{ roomId: number; messageId: number }>,
  before: number,
  after: number,
): Promise<Map<number, ContextRow[]>> {
  const contexts = new Map<number, ContextRow[]>();
  if (getDialect(db) !== 'postgres') {
    for (const { roomId, messageId } of anchors)
      contexts.set(messageId, await listContext(db, roomId, messageId, before, after));
    return contexts;
  }
  if (anchors.length === 0) return contexts;
  const { rows } = await sql<ContextRow & { anchor: number }>`
    select k.anchor, m.id, m.content, m.created_at, m.deleted_at, u.username
    from unnest(${anchors.map((a) => a.roomId)}::int[], ${anchors.map((a) => a.messageId)}::int[])
      as k(room_id, anchor)
    cross join lateral (
      (select id, content, created_at, deleted_at, user_id from messages
        where room_id = k.room_id and id <= k.anchor order by id desc limit ${before + 1})
      union all
      (select id, content, created_at, deleted_at, user_id from messages
        where room_id = k.room_id and id > k.anchor order by id limit ${after})
    ) m
    left join users u on u.id = m.user_id
    order by k.anchor, m.id`.execute(db);
  for (const { anchor, ...row } of rows) {
    const list = contexts.get(anchor);
    if (list) list.push(row);
    else contexts.set(anchor, [row]);
  }
  return contexts;
}

/** Bans (or re-bans, with the new end) a user from a room. */
export async function upsertBan(
  db: Executor,
  ban: {
    room_id: number;
    user_id: number;
    ends_at: string | null;
    reason: string;
    created_by: number;
    created_at: string;
  },
) {
  await db
    .insertInto('room_bans')
    .values(ban)
    .onConflict((oc) =>
      oc.columns(['room_id', 'user_id']).doUpdateSet({
        ends_at: ban.ends_at,
        reason: ban.reason,
        created_by: ban.created_by,
        created_at: ban.created_at,
      }),
    )
    .execute();
}

/** Writes one line of the moderation log. */
export async function insertLogEntry(db: Executor, entry: Insertable<ModerationLogTable>): Promise<number> {
  const row = await db.insertInto('moderation_log').values(entry).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const logColumns = (db: Executor) =>
  db
    .selectFrom('moderation_log')
    .leftJoin('users as actor', 'actor.id', 'moderation_log.actor_id')
    .leftJoin('users as target', 'target.id', 'moderation_log.target_user_id')
    .leftJoin('rooms', 'rooms.id', 'moderation_log.room_id')
    .select([
      'moderation_log.id',
      'moderation_log.action',
      'moderation_log.room_id',
      'moderation_log.report_id',
      'moderation_log.message_id',
      'moderation_log.ban_ends_at',
      'moderation_log.created_at',
      'actor.username as actor',
      'target.username as target_username',
      'rooms.name as room_name',
    ]);

export type LogRow = Awaited<ReturnType<typeof findLogEntry>> & object;

export const findLogEntry = (db: Executor, id: number) =>
  logColumns(db).where('moderation_log.id', '=', id).executeTakeFirst();

/** The log, newest first: all of it for an operator, else the lines of the rooms the user owns. */
export const listLog = (db: Executor, userId: number, isOperator: boolean, limit: number) => {
  let query = logColumns(db);
  if (!isOperator) query = query.where('moderation_log.room_id', 'in', ownedRoomIds(db, userId));
  return query.orderBy('moderation_log.id', 'desc').limit(limit).execute();
};

/** The bans in force, newest first: all for an operator, else those of the rooms the user owns. */
export const listBans = (db: Executor, userId: number, isOperator: boolean, now: string, limit: number) => {
  let query = db
    .selectFrom('room_bans')
    .innerJoin('users', 'users.id', 'room_bans.user_id')
    .innerJoin('rooms', 'rooms.id', 'room_bans.room_id')
    .select([
      'room_bans.id',
      'room_bans.room_id',
      'room_bans.ends_at',
      'room_bans.created_at',
      'users.username',
      'rooms.name as room_name',
    ])
    .where((w) => w.or([w('room_bans.ends_at', 'is', null), w('room_bans.ends_at', '>', now)]));
  if (!isOperator) query = query.where('room_bans.room_id', 'in', ownedRoomIds(db, userId));
  return query.orderBy('room_bans.id', 'desc').limit(limit).execute();
};

/** One ban, whether or not it has ended. */
export const findBan = (db: Executor, id: number) =>
  db.selectFrom('room_bans').selectAll().where('id', '=', id).executeTakeFirst();

/** Deletes a ban; answers whether it was still there. */
export async function deleteBan(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('room_bans').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A user by name, any case. */
export const findUserByName = (db: Executor, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
