import type { OfferState } from '@studium/protocol';
import type { AppContext } from '../../context';
import { publishToUser } from '../../realtime/publish';

/** The two sides of an offer: each party with its owner. */
export interface OfferSides {
  subject: { id: number; user_id: number };
  other: { id: number; user_id: number };
}

/**
 * Tells both owners, on every server process, that the offer between their parties is now in
 * `state`, so their lists follow without a reload (docs/matchmaking.md). The acting owner's other
 * tabs hear it too. Called after commit only.
 */
export async function publishOfferChanged(ctx: AppContext, sides: OfferSides, state: OfferState) {
  const { subject, other } = sides;
  await Promise.all([
    publishToUser(ctx, subject.user_id, {
      type: 'party.offer',
      party_id: subject.id,
      other_party_id: other.id,
      state,
    }),
    publishToUser(ctx, other.user_id, {
      type: 'party.offer',
      party_id: other.id,
      other_party_id: subject.id,
      state,
    }),
  ]);
}
