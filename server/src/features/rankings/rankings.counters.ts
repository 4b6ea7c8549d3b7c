import type { Executor } from '../../db/schema';
import { utcDay } from '../../db/dialect';
import { addReactionTotals, getPairDay, savePairDay } from './rankings.repository';

/** Rankings count reactions received from others: reacting to yourself, or to a tombstone, earns nothing. */
export const countsForRanking = (authorId: number | null, reactorId: number): authorId is number =>
  authorId !== null && authorId !== reactorId;

/**
 * Moves the author's ranking counters by `delta` reactions (`+n` given, `-n` taken back or
 * erased) given at `givenAt`, all time and on that UTC day, as far as they count: from one
 * reactor to one author, at most `pairDailyLimit` reactions count a day, so a friend clicking
 * every message cannot push someone up (docs/rankings.md). The pair's row keeps how many were
 * given and how many counted: taking back one that did not count changes nothing, and a
 * reaction taken back is taken off the day it was given, so "today" stays the sum of today's
 * counted reactions. In the transaction that adds or removes the reaction rows.
 */
export async function countReceivedReactions(
  db: Executor,
  reaction: { authorId: number | null; reactorId: number; givenAt: string },
  delta: number,
  pairDailyLimit: number,
) {
  if (delta === 0 || !countsForRanking(reaction.authorId, reaction.reactorId)) return;
  const pair = { reactorId: reaction.reactorId, authorId: reaction.authorId, day: utcDay(reaction.givenAt) };
  const before = (await getPairDay(db, pair)) ?? { given: 0, counted: 0 };
  const given = Math.max(0, before.given + delta);
  const counted =
    delta > 0
      ? before.counted + Math.min(delta, Math.max(0, pairDailyLimit - before.counted))
      : Math.min(before.counted, given);
  await savePairDay(db, pair, given, counted);
  if (counted !== before.counted)
    await addReactionTotals(db, pair.authorId, pair.day, counted - before.counted);
}
