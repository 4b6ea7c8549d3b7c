import { useQuery } from '@tanstack/react-query';
import { activePartyResponse, type ActivePartyResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** Group keys live under the matchmaking ones, so switching tabs or roles clears them too. */
export const partyKeys = {
  all: [...matchmakingKeys.all, 'group'] as const,
  active: () => [...matchmakingKeys.all, 'group', 'active'] as const,
  candidates: (partyId: number) => [...matchmakingKeys.all, 'group', 'candidates', partyId] as const,
};

/** GET /api/party/active: the caller's current party, or null. */
export function getActiveParty(): Promise<ActivePartyResponse> {
  return checked.get('/api/party/active', activePartyResponse);
}

export function useActiveParty() {
  return useQuery({ queryKey: partyKeys.active(), queryFn: getActiveParty, retry: false });
}
