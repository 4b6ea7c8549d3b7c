import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  declinePartyResponse,
  type DeclinePartyResponse,
  type PartyCandidatesResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';

/** POST /api/party/{id}/decline {other_party_id}: declines a candidate, or cancels our own acceptance. */
export function declineParty(partyId: number, otherPartyId: number): Promise<DeclinePartyResponse> {
  return checked.post(
    `/api/party/${partyId}/decline`,
    { other_party_id: otherPartyId },
    declinePartyResponse,
  );
}

export function useDeclineParty(partyId: number) {
  const queryClient = useQueryClient();
  const key = partyKeys.candidates(partyId);
  return useMutation({
    mutationFn: (otherPartyId: number) => declineParty(partyId, otherPartyId),
    onSuccess: (_data, otherPartyId) => {
      // The card leaves its list at once.
      const keep = (c: { candidate_party_id: number }) => c.candidate_party_id !== otherPartyId;
      queryClient.setQueryData<PartyCandidatesResponse>(key, (prev) =>
        prev
          ? {
              ...prev,
              candidates: prev.candidates.filter(keep),
              pending_offers: prev.pending_offers.filter(keep),
            }
          : prev,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
