import { useQuery } from '@tanstack/react-query';
import { partyCandidatesResponse, type PartyCandidatesResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';

/** GET /api/party/{id}/candidates: recommendations, offers this party accepted, and its matches. */
export function getPartyCandidates(partyId: number): Promise<PartyCandidatesResponse> {
  return checked.get(`/api/party/${partyId}/candidates`, partyCandidatesResponse);
}

export function usePartyCandidates(partyId: number) {
  return useQuery({
    queryKey: partyKeys.candidates(partyId),
    queryFn: () => getPartyCandidates(partyId),
    retry: false,
    staleTime: 10_000,
  });
}
