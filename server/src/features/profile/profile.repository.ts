import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, Executor } from '../../db/schema';

export type ProfilesTable = {
  user_id: number;
  studies: string;
  studies_private: number;
  profile_blurb: string;
  profile_blurb_private: number;
  website: string;
  website_private: number;
  languages_spoken: string;
  languages_spoken_private: number;
  interests: string;
  interests_private: number;
  profile_picture_private: number;
  join_date_private: number;
  updated_at: string;
};

export type ProfilePicturesTable = {
  user_id: number;
  content: Buffer;
  mime: string;
  width: number;
  height: number;
  version: string;
  updated_at: string;
};

/** The tables of migration 0003, kept beside the code that alone queries them. */
export type ProfileTables = {
  profiles: ProfilesTable;
  profile_pictures: ProfilePicturesTable;
};

export type ProfileRow = Selectable<ProfilesTable>;
export type ProfileValues = Omit<ProfileRow, 'user_id' | 'updated_at'>;

// Transaction extends Kysely, so the cast keeps the transaction (and its connection).
const withProfiles = (db: Executor) => db.$extendTables<ProfileTables>() as Kysely<Database & ProfileTables>;

export async function findDarkmode(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('darkmode_enabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.darkmode_enabled ?? null;
}

export async function updateDarkmode(db: Executor, userId: number, value: number) {
  await db.updateTable('users').set({ darkmode_enabled: value }).where('id', '=', userId).execute();
}

/** A user with their profile row (null columns when they never saved one) and picture version. */
export const findUserProfile = (db: Executor, username: string) =>
  withProfiles(db)
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .leftJoin('profile_pictures as pic', 'pic.user_id', 'u.id')
    .select([
      'u.id',
      'u.username',
      'u.is_bot',
      'u.created_at',
      'p.studies',
      'p.studies_private',
      'p.profile_blurb',
      'p.profile_blurb_private',
      'p.website',
      'p.website_private',
      'p.languages_spoken',
      'p.languages_spoken_private',
      'p.interests',
      'p.interests_private',
      'p.profile_picture_private',
      'p.join_date_private',
      'pic.version as picture_version',
    ])
    .where('u.username_lower', '=', username.toLowerCase())
    .executeTakeFirst();

export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

/** Writes the whole profile row (insert on first save). */
export async function upsertProfile(db: Executor, userId: number, values: ProfileValues, at: string) {
  await withProfiles(db)
    .insertInto('profiles')
    .values({ user_id: userId, ...values, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

export async function upsertPicture(db: Executor, row: Selectable<ProfilePicturesTable>) {
  const { user_id: _userId, ...values } = row;
  await withProfiles(db)
    .insertInto('profile_pictures')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deletePicture(db: Executor, userId: number) {
  await withProfiles(db).deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
}

/** The picture of `username` with the owner's privacy flag (null when none was saved: private). */
export const findPicture = (db: Executor, username: string) =>
  withProfiles(db)
    .selectFrom('profile_pictures as pic')
    .innerJoin('users as u', 'u.id', 'pic.user_id')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id as user_id', 'pic.content', 'pic.mime', 'pic.version', 'p.profile_picture_private'])
    .where('u.username_lower', '=', username.toLowerCase())
    .executeTakeFirst();

/** Reactions received, all time and on `day` (0 without counter rows). */
export async function findReactionTotals(db: Executor, userId: number, day: string) {
  const total = await db
    .selectFrom('user_reaction_totals')
    .select('total')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const today = await db
    .selectFrom('user_reaction_days')
    .select('total')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return { total: Number(total?.total ?? 0), today: Number(today?.total ?? 0) };
}

/**
 * Users ranked before one with `total` reactions (and name `usernameLower`), in the rankings'
 * order: more reactions first, then by name. Counts index ranges of the counters, no scan of
 * reactions.
 */
export async function countRankedBefore(db: Executor, total: number, usernameLower: string): Promise<number> {
  const row = await db
    .selectFrom('user_reaction_totals as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb('t.total', '>', total),
        eb.and([eb('t.total', '=', total), eb('u.username_lower', '<', usernameLower)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** As countRankedBefore, for reactions received on `day`. */
export async function countRankedBeforeOnDay(
  db: Executor,
  day: string,
  total: number,
  usernameLower: string,
): Promise<number> {
  const row = await db
    .selectFrom('user_reaction_days as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('d.day', '=', day)
    .where((eb) =>
      eb.or([
        eb('d.total', '>', total),
        eb.and([eb('d.total', '=', total), eb('u.username_lower', '<', usernameLower)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findPasswordHash = async (db: Executor, userId: number): Promise<string | undefined> =>
  (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())
    ?.password_hash;

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Gives a session a new token (rotation at password change); the row, and so the login, stays. */
export async function updateSessionToken(db: Executor, sessionId: number, tokenHash: string) {
  await db.updateTable('sessions').set({ token_hash: tokenHash }).where('id', '=', sessionId).execute();
}

export async function listSessionIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** Reactions the user gave to other people's messages, counted per author and UTC day. */
export const listGivenReactionCounts = (db: Executor, userId: number) =>
  db
    .selectFrom('reactions as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select([
      'm.user_id as author_id',
      sql<string>`substr(r.created_at, 1, 10)`.as('day'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('r.user_id', '=', userId)
    .groupBy(['m.user_id', sql`substr(r.created_at, 1, 10)`])
    .execute();

export async function deleteGivenReactions(db: Executor, userId: number) {
  await db.deleteFrom('reactions').where('user_id', '=', userId).execute();
}

/** Turns the user's messages into tombstones: no author, no text, no edit history. Returns them. */
export async function tombstoneMessages(
  db: Executor,
  userId: number,
): Promise<Array<{ id: number; room_id: number }>> {
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'room_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  await db
    .deleteFrom('message_edits')
    .where('message_id', 'in', (eb) => eb.selectFrom('messages').select('id').where('user_id', '=', userId))
    .execute();
  await db
    .updateTable('messages')
    .set({ user_id: null, content: '', client_id: null })
    .where('user_id', '=', userId)
    .execute();
  return messages;
}

/**
 * Deletes the account row. Its foreign keys take the rest with it: sessions, memberships,
 * mentions, ranking counters, profile and picture (ON DELETE CASCADE), rooms it owned keep no
 * owner (SET NULL). Tables added later must reference users the same way.
 */
export async function deleteUser(db: Executor, userId: number) {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
