import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePartyResponse, type ActivePartyResponse, type DeletePartyResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';

/** POST /api/party/{id}/delete: archives the caller's party. */
export function deleteParty(partyId: number): Promise<DeletePartyResponse> {
  return checked.post(`/api/party/${partyId}/delete`, undefined, deletePartyResponse);
}

export function useDeleteParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParty,
    onSuccess: (_data, partyId) => {
      queryClient.setQueryData<ActivePartyResponse>(partyKeys.active(), (prev) =>
        prev ? { ...prev, party: null } : prev,
      );
      queryClient.removeQueries({ queryKey: partyKeys.candidates(partyId) });
    },
  });
}
