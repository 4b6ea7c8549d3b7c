/** Who may do what with a party invitation (docs/matchmaking.md), one line each. */

interface InvitationState {
  status: 'pending' | 'confirmed' | 'declined';
  party_status: 'open' | 'paused' | 'matched' | 'archived';
}

/** Invitations are answered while the party still looks for people. */
const isLooking = (i: InvitationState) => i.party_status === 'open' || i.party_status === 'paused';

/** A pending invitee may accept. */
export const canAcceptInvitation = (i: InvitationState) => isLooking(i) && i.status === 'pending';

/** A pending invitee may decline; a confirmed teammate may leave the same way. */
export const canDeclineInvitation = (i: InvitationState) => isLooking(i) && i.status !== 'declined';
