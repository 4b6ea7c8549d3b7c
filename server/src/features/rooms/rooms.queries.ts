import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

// SQL pieces of the rooms' rules that other features' queries embed (search, notifications,
// the assistants): the rule is written once, here, and rooms.repository uses it too.

/** A value, or a column or expression of the query that holds it (a batch read passes its keys' columns). */
type Operand<T> = T | Expression<T>;

/** The user's role in the query's `rooms` row, if a member, as `member_role`. */
export const memberRole = (eb: ExpressionBuilder<Database, 'rooms'>, userId: Operand<number>) =>
  eb
    .selectFrom('room_members')
    .select('room_members.role')
    .whereRef('room_members.room_id', '=', 'rooms.id')
    .where('room_members.user_id', '=', userId)
    .as('member_role');

/**
 * The id of the user's ban from the query's `rooms` row that has not ended at `now`, if any, as
 * `ban_id`: a ban outweighs a membership (docs/moderation.md).
 */
export const activeBanId = (
  eb: ExpressionBuilder<Database, 'rooms'>,
  userId: Operand<number>,
  now: Operand<string>,
) =>
  eb
    .selectFrom('room_bans')
    .select('room_bans.id')
    .whereRef('room_bans.room_id', '=', 'rooms.id')
    .where('room_bans.user_id', '=', userId)
    .where((w) => w.or([w('room_bans.ends_at', 'is', null), w('room_bans.ends_at', '>', now)]))
    .as('ban_id');
