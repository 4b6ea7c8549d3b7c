import type { Executor } from '../../db/schema';
import { utcDay } from '../../db/dialect';
import { addReactionTotals } from './rankings.repository';

/** Rankings count reactions received from others: reacting to yourself, or to a tombstone, earns nothing. */
export const countsForRanking = (authorId: number | null, reactorId: number): authorId is number =>
  authorId !== null && authorId !== reactorId;

/**
 * Moves the author's ranking counters by `delta` reactions given at `givenAt`, all time and on
 * that UTC day, when they count. A reaction taken back is taken off the day it was given, so
 * "today" stays the sum of today's rows. In the transaction that adds or removes the rows.
 */
export async function countReceivedReactions(
  db: Executor,
  reaction: { authorId: number | null; reactorId: number; givenAt: string },
  delta: number,
) {
  if (!countsForRanking(reaction.authorId, reaction.reactorId)) return;
  await addReactionTotals(db, reaction.authorId, utcDay(reaction.givenAt), delta);
}
