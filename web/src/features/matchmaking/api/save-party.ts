import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activePartyResponse, type ActivePartyResponse, type PartyPayload } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';

/** POST /api/party/active {party payload}: creates or replaces the caller's party. */
export function saveParty(payload: PartyPayload): Promise<ActivePartyResponse> {
  return checked.post('/api/party/active', payload, activePartyResponse);
}

export function useSaveParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParty,
    onSuccess: (data) => {
      queryClient.setQueryData(partyKeys.active(), data);
      // A new topic, size or timetable: other parties score differently.
      void queryClient.invalidateQueries({ queryKey: [...partyKeys.all, 'candidates'] });
    },
  });
}
