import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import type { ProfileTables } from '../profile/profile.service';
import { activeBanId, memberRole } from '../rooms/rooms.queries';

/**
 * The reads behind an export (docs/export.md): each one is filtered on the user's own id, and
 * of other users only their usernames come along (conversation members, authors replied to).
 */

/**
 * What the room's read rule needs of the query's `rooms` row, for the user now: a room's name is
 * exported only while the user may read the room (see `export.builder.ts`).
 */
const roomReadColumns = (eb: ExpressionBuilder<Database, 'rooms'>, userId: number, now: string) => [
  eb.ref('rooms.kind').as('room_kind'),
  eb.ref('rooms.is_public_readable').as('is_public_readable'),
  eb.ref('rooms.is_write_gated').as('is_write_gated'),
  eb.ref('rooms.owner_id').as('owner_id'),
  memberRole(eb, userId),
  activeBanId(eb, userId, now),
];

const withProfiles = (db: Executor) => db.$extendTables<ProfileTables>() as Kysely<Database & ProfileTables>;

/** The account row, without the password hash. */
export const getAccount = (db: Executor, userId: number) =>
  db
    .selectFrom('users as u')
    .leftJoin('user_reaction_totals as t', 't.user_id', 'u.id')
    .select([
      'u.id',
      'u.username',
      'u.created_at',
      'u.last_login_at',
      'u.is_bot',
      'u.darkmode_enabled',
      'u.onboarding_completed',
      'u.bots_may_read',
      'u.show_presence',
      't.total as reactions_received',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();

export const findProfile = (db: Executor, userId: number) =>
  withProfiles(db).selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findPicture = (db: Executor, userId: number) =>
  withProfiles(db)
    .selectFrom('profile_pictures')
    .select(['content', 'mime', 'width', 'height', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const countMessages = async (db: Executor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A page of the user's own messages after `afterId`, with their room and the author replied to. */
export const listMessagesPage = (db: Executor, userId: number, afterId: number, limit: number, now: string) =>
  db
    .selectFrom('messages as m')
    .innerJoin('rooms', 'rooms.id', 'm.room_id')
    .leftJoin('messages as parent', 'parent.id', 'm.reply_to')
    .leftJoin('users as pu', 'pu.id', 'parent.user_id')
    .select((eb) => roomReadColumns(eb, userId, now))
    .select([
      'm.id',
      'm.room_id',
      'rooms.name as room_name',
      'rooms.path as room_path',
      'm.content',
      'm.reply_to',
      'pu.username as reply_to_username',
      'm.created_at',
      'm.edited_at',
      'm.edit_count',
      'm.deleted_at',
    ])
    .where('m.user_id', '=', userId)
    .where('m.id', '>', afterId)
    .orderBy('m.id')
    .limit(limit)
    .execute();

/** The earlier versions of the user's own messages among `messageIds`. */
export const listOwnEdits = (db: Executor, messageIds: number[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('message_edits')
        .select(['message_id', 'content_before', 'edited_at'])
        .where('message_id', 'in', messageIds)
        .orderBy('id')
        .execute();

/** Reactions the user gave, with the room of each message (not its text). */
export const listGivenReactions = (db: Executor, userId: number, now: string) =>
  db
    .selectFrom('reactions as x')
    .innerJoin('messages as m', 'm.id', 'x.message_id')
    .innerJoin('rooms', 'rooms.id', 'm.room_id')
    .select(['x.message_id', 'x.emoji', 'x.created_at', 'rooms.id as room_id', 'rooms.name as room_name'])
    .select((eb) => roomReadColumns(eb, userId, now))
    .where('x.user_id', '=', userId)
    .orderBy('x.created_at')
    .execute();

/** The rooms the user belongs to, with their role, read state and notification level. */
export const listMemberships = (db: Executor, userId: number) =>
  db
    .selectFrom('room_members as rm')
    .innerJoin('rooms as r', 'r.id', 'rm.room_id')
    .select([
      'r.id as room_id',
      'r.name',
      'r.path',
      'r.kind',
      'rm.role',
      'rm.joined_at',
      'rm.last_read_id',
      'rm.notification_level',
    ])
    .where('rm.user_id', '=', userId)
    .orderBy('r.id')
    .execute();

/** The usernames of the members of the given rooms. */
export const listMemberUsernames = (db: Executor, roomIds: number[]) =>
  roomIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('room_members as rm')
        .innerJoin('users as u', 'u.id', 'rm.user_id')
        .select(['rm.room_id', 'u.username'])
        .where('rm.room_id', 'in', roomIds)
        .orderBy('u.username_lower')
        .execute();

/**
 * The user's notifications. The text only of those about an event (a match, a handled report): the
 * preview of a notified message is someone else's words, and never leaves in an export.
 */
export const listNotifications = (db: Executor, userId: number, now: string) =>
  db
    .selectFrom('notifications as n')
    .leftJoin('rooms', 'rooms.id', 'n.room_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select((eb) => roomReadColumns(eb, userId, now))
    .select([
      'n.id',
      'n.kind',
      'n.room_id',
      'rooms.name as room_name',
      'n.message_id',
      'a.username as actor_username',
      'n.created_at',
      'n.read_at',
    ])
    .select((eb) =>
      eb.case().when('n.message_id', 'is', null).then(eb.ref('n.text')).else('').end().as('text'),
    )
    .where('n.user_id', '=', userId)
    .orderBy('n.id')
    .execute();

export const listTutoringIntents = (db: Executor, userId: number) =>
  db.selectFrom('tutoring_intents').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** The user's decisions on recommended intents (the other side only as its username). */
export const listTutoringDecisions = (db: Executor, userId: number) =>
  db
    .selectFrom('tutoring_decisions as d')
    .innerJoin('tutoring_intents as mine', 'mine.id', 'd.subject_intent_id')
    .innerJoin('tutoring_intents as other', 'other.id', 'd.candidate_intent_id')
    .innerJoin('users as ou', 'ou.id', 'other.user_id')
    .select([
      'd.subject_intent_id',
      'd.candidate_intent_id',
      'ou.username as candidate_username',
      'd.decision',
      'd.room_id',
      'd.created_at',
    ])
    .where('mine.user_id', '=', userId)
    .orderBy('d.created_at')
    .execute();

/** Parties the user owns, with everything they entered. */
export const listOwnedParties = (db: Executor, userId: number) =>
  db.selectFrom('parties').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Parties the user is a registered member of, with their owner's username. */
export const listPartyMemberships = (db: Executor, userId: number) =>
  db
    .selectFrom('party_members as pm')
    .innerJoin('parties as p', 'p.id', 'pm.party_id')
    .innerJoin('users as o', 'o.id', 'p.user_id')
    .select(['p.id as party_id', 'p.topic_key', 'p.status', 'o.username as owner_username', 'pm.position'])
    .where('pm.user_id', '=', userId)
    .orderBy('p.id')
    .execute();

/** Offers between the user's own parties and others. */
export const listPartyOffers = (db: Executor, partyIds: number[]) =>
  partyIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('party_offers')
        .select([
          'id',
          'party_a_id',
          'party_b_id',
          'state',
          'a_accepted_at',
          'b_accepted_at',
          'declined_by',
          'room_id',
          'score',
          'created_at',
          'matched_at',
        ])
        .where((eb) => eb.or([eb('party_a_id', 'in', partyIds), eb('party_b_id', 'in', partyIds)]))
        .orderBy('id')
        .execute();

/** The user's sessions: devices and times, never the token hashes. */
export const listSessions = (db: Executor, userId: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const findInterview = (db: Executor, userId: number) =>
  db
    .selectFrom('assistant_interviews')
    .select(['progress', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The users the user blocked or muted (by username), and when. */
export const listBlocks = (db: Executor, userId: number) =>
  db
    .selectFrom('user_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.target_id')
    .select(['u.username', 'b.kind', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at')
    .execute();

/** The reports the user made: what, why, in which room, and what became of them. */
export const listReportsMade = (db: Executor, userId: number) =>
  db
    .selectFrom('reports as r')
    .leftJoin('rooms', 'rooms.id', 'r.room_id')
    .innerJoin('users as t', 't.id', 'r.target_user_id')
    .select(['r.id', 'r.message_id', 'rooms.name as room', 't.username as reported_user'])
    .select(['r.reason', 'r.details', 'r.status', 'r.created_at', 'r.handled_at'])
    .where('r.reporter_id', '=', userId)
    .orderBy('r.id')
    .execute();

/** The bans from rooms the user received, ended or not. */
export const listBansReceived = (db: Executor, userId: number) =>
  db
    .selectFrom('room_bans as b')
    .innerJoin('rooms', 'rooms.id', 'b.room_id')
    .select(['rooms.name as room', 'b.ends_at', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.id')
    .execute();
