import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  partyInvitationResponse,
  type PartyInvitationResponse,
  type PartyInvitationsResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';
import { invitationKeys } from './get-party-invitations';

export type InvitationAnswer = 'accept' | 'decline';

/** POST /api/party/{id}/invitation/accept|decline: the invitation as it now stands. */
export function answerPartyInvitation(
  partyId: number,
  answer: InvitationAnswer,
): Promise<PartyInvitationResponse> {
  return checked.post(`/api/party/${partyId}/invitation/${answer}`, {}, partyInvitationResponse);
}

export function useAnswerPartyInvitation() {
  const queryClient = useQueryClient();
  const key = invitationKeys.list();
  return useMutation({
    mutationFn: ({ partyId, answer }: { partyId: number; answer: InvitationAnswer }) =>
      answerPartyInvitation(partyId, answer),
    onSuccess: (data) => {
      // An answered invitation leaves the list at once; the refetch brings the server's copy.
      queryClient.setQueryData<PartyInvitationsResponse>(key, (prev) =>
        prev
          ? { invitations: prev.invitations.filter((i) => i.party_id !== data.invitation.party_id) }
          : prev,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      // An accepted party is now the user's own to see on the Group tab (and a left one is not).
      void queryClient.invalidateQueries({ queryKey: partyKeys.active() });
    },
  });
}
