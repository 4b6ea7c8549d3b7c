import { useQuery } from '@tanstack/react-query';
import { discoverResponse, type DiscoverResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

/** GET /api/assistants/discover/?q=: rooms for a request in the user's own words, best first. */
export function discoverRooms(q: string): Promise<DiscoverResponse> {
  return checked.get(`/api/assistants/discover/?q=${encodeURIComponent(q)}`, discoverResponse);
}

export function useDiscoverRooms(q: string) {
  return useQuery({
    queryKey: assistantKeys.discover(q),
    queryFn: () => discoverRooms(q),
    retry: false,
    staleTime: 60_000,
  });
}
