import { CHAT_TEXTS, type ReactResponse } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import { Forbidden } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishToRoom } from '../../realtime/publish';
import { countReceivedReactions } from '../rankings/rankings.counters';
import * as policy from '../rooms/rooms.policy';
import { groupReactions } from './chat.presenter';
import { countReactions } from './chat.repository';
import { assertNotBlockedInDm, assertNotDeleted, getReadableMessage, joinIfNeeded } from './chat.service';
import * as repo from './reactions.repository';

/**
 * Toggles the user's `emoji` on a message: given again, it is taken back. One row per
 * (message, user, emoji) under its primary key, and the author's ranking counters move in the
 * same transaction, so the counts never drift from the rows (docs/rankings.md).
 */
export async function toggleReaction(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
  emoji: string,
): Promise<ReactResponse> {
  const { message, ...access } = await getReadableMessage(ctx, user, messageId);
  assertNotDeleted(message);
  if (!policy.canReact(user, access.room, access.membership))
    throw new Forbidden(CHAT_TEXTS.chat.noPermission);
  await assertNotBlockedInDm(ctx.db, user, access.room);
  await enforceRate(ctx.limiter, `reaction:user:${user.id}`, ctx.config.rateLimits.reaction);
  const at = nowIso();
  const reactions = await ctx.writer.run(async (trx) => {
    await joinIfNeeded(trx, user, access, at);
    const removedAt = await repo.deleteReaction(trx, message.id, user.id, emoji);
    if (removedAt !== undefined)
      await countReceivedReactions(
        trx,
        { authorId: message.user_id, reactorId: user.id, givenAt: removedAt },
        -1,
        ctx.config.rankings.pairDailyLimit,
      );
    else if (await repo.insertReaction(trx, message.id, user.id, emoji, at))
      await countReceivedReactions(
        trx,
        { authorId: message.user_id, reactorId: user.id, givenAt: at },
        1,
        ctx.config.rankings.pairDailyLimit,
      );
    return groupReactions(await countReactions(trx, [message.id])).get(message.id) ?? {};
  });
  await publishToRoom(ctx, message.room_id, { type: 'reaction', id: message.id, reactions });
  return { reactions };
}
