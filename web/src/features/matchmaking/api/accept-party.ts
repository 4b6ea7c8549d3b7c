import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptPartyResponse,
  type AcceptPartyResponse,
  type PartyCandidate,
  type PartyCandidatesResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';

/** POST /api/party/{id}/accept {other_party_id, score, pairing_preview_json}: the offer's new state. */
export function acceptParty(partyId: number, candidate: PartyCandidate): Promise<AcceptPartyResponse> {
  const body = {
    other_party_id: candidate.candidate_party_id,
    score: candidate.score,
    pairing_preview_json: candidate.pairing_preview_json,
  };
  return checked.post(`/api/party/${partyId}/accept`, body, acceptPartyResponse);
}

export function useAcceptParty(partyId: number) {
  const queryClient = useQueryClient();
  const key = partyKeys.candidates(partyId);
  return useMutation({
    mutationFn: (candidate: PartyCandidate) => acceptParty(partyId, candidate),
    onSuccess: (data, candidate) => {
      // Still waiting for them: the card moves to Pending at once; the refetch brings the server's copy.
      if (data.state !== 'MATCHED') {
        queryClient.setQueryData<PartyCandidatesResponse>(key, (prev) =>
          prev
            ? {
                ...prev,
                candidates: prev.candidates.filter(
                  (c) => c.candidate_party_id !== candidate.candidate_party_id,
                ),
                pending_offers: [
                  {
                    ...candidate,
                    offer_id: data.offer_id,
                    offer_state: data.state,
                    accepted_at: new Date().toISOString(),
                  },
                  ...prev.pending_offers.filter((c) => c.candidate_party_id !== candidate.candidate_party_id),
                ],
              }
            : prev,
        );
      }
      // All the party's lists: a match also changes the party's status and its matches.
      void queryClient.invalidateQueries({ queryKey: partyKeys.all });
    },
  });
}
