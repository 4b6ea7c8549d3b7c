import type { AssistantKind } from '@studium/protocol';
import type { Executor } from '../../db/schema';
import { activeBanId, memberRole } from '../rooms/rooms.queries';

/** A bot account's id by its username (seeded by a migration). */
export async function findBotId(db: Executor, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', username.toLowerCase())
    .where('is_bot', '=', 1)
    .executeTakeFirst();
  return row?.id;
}

/** The user's private room with one assistant. */
export const findAssistantRoom = (db: Executor, userId: number, kind: AssistantKind) =>
  db
    .selectFrom('rooms')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('assistant', '=', kind)
    .where('kind', '=', 'assistant')
    .executeTakeFirst();

export async function isMember(db: Executor, roomId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('role')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findBotsMayRead(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('bots_may_read')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.bots_may_read !== 0;
}

export async function updateBotsMayRead(db: Executor, userId: number, value: number) {
  await db.updateTable('users').set({ bots_may_read: value }).where('id', '=', userId).execute();
}

export async function markOnboardingCompleted(db: Executor, userId: number) {
  await db.updateTable('users').set({ onboarding_completed: 1 }).where('id', '=', userId).execute();
}

/**
 * The newest messages of a room a bot may read, newest first: people's messages whose authors let
 * bots read them. Bots' own messages, tombstones (deleted accounts' and deleted messages) and
 * opted-out authors are left out here, in SQL.
 */
export const listBotReadableMessages = (db: Executor, roomId: number, limit: number, exceptId: number) =>
  db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(['messages.id', 'users.username', 'messages.content', 'messages.created_at'])
    .where('messages.room_id', '=', roomId)
    .where('messages.id', '!=', exceptId)
    .where('messages.deleted_at', 'is', null)
    .where('users.is_bot', '=', 0)
    .where('users.bots_may_read', '=', 1)
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .execute();

/**
 * Tree rooms a user may read (publicly readable, or a members-only one they belong to), with
 * their parent for the path; DM, group and assistant rooms never.
 */
/**
 * Every tree room with what discovery indexes and what the read rule needs: the user's membership
 * role and the ban in force, if any (docs/moderation.md).
 */
export const listTreeRoomsFor = (db: Executor, userId: number, now: string) =>
  db
    .selectFrom('rooms')
    .select([
      'rooms.id',
      'rooms.name',
      'rooms.slug',
      'rooms.parent_id',
      'rooms.topic',
      'rooms.description',
      'rooms.kind',
      'rooms.is_public_readable',
      'rooms.is_write_gated',
      'rooms.owner_id',
    ])
    .select((eb) => [memberRole(eb, userId), activeBanId(eb, userId, now)])
    .where('rooms.kind', '=', 'public')
    .execute();

export async function findInterviewProgress(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('assistant_interviews')
    .select('progress')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.progress;
}

export async function saveInterviewProgress(db: Executor, userId: number, progress: string, at: string) {
  await db
    .insertInto('assistant_interviews')
    .values({ user_id: userId, progress, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ progress, updated_at: at }))
    .execute();
}

/** The profile text discovery uses as context: studies and interests. */
export async function findProfileContext(db: Executor, userId: number): Promise<string> {
  const row = await db
    .withTables<{ profiles: { user_id: number; studies: string; interests: string } }>()
    .selectFrom('profiles')
    .select(['studies', 'interests'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? `${row.studies} ${row.interests}`.trim() : '';
}
