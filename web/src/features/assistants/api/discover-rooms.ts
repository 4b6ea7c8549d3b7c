import { useQuery, type QueryClient } from '@tanstack/react-query';
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

/** After a join: every discovery answer that lists the room shows it as joined. */
export function markRoomJoined(queryClient: QueryClient, roomId: number) {
  queryClient.setQueriesData<DiscoverResponse>({ queryKey: [...assistantKeys.all, 'discover'] }, (old) =>
    old ? { rooms: old.rooms.map((r) => (r.id === roomId ? { ...r, member: true } : r)) } : old,
  );
}
