import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blocksResponse, type BlocksResponse, type HiddenReason } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { hiddenReasonOf } from '../lib/hidden-reason';
import { blockKeys, dmKeys, pinKeys } from '../../../lib/query-keys';

export type BlockKind = 'block' | 'mute';

/** GET /api/blocks/: the users the viewer blocked and muted (docs/blocks.md). */
export function getBlocks(): Promise<BlocksResponse> {
  return checked.get('/api/blocks/', blocksResponse);
}

/** POST (on) or DELETE (off) /api/users/{username}/block/ or /mute/: answers the updated lists. */
export function setBlock(username: string, kind: BlockKind, on: boolean): Promise<BlocksResponse> {
  const path = `/api/users/${encodeURIComponent(username)}/${kind}/`;
  return on ? checked.post(path, {}, blocksResponse) : checked.delete(path, undefined, blocksResponse);
}

/** The viewer's lists; a visitor reading a public room has none (and is not asked). */
export function useBlocks() {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: blockKeys.all,
    queryFn: getBlocks,
    retry: false,
    staleTime: 60_000,
    enabled: isAuthenticated,
  });
}

/** Blocks, mutes or undoes either; the answer replaces the cached lists. */
export function useSetBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, kind, on }: { username: string; kind: BlockKind; on: boolean }) =>
      setBlock(username, kind, on),
    onSuccess: (data) => {
      queryClient.setQueryData(blockKeys.all, data);
      // Conversation previews and pins are collapsed by the server for the viewer: read them again.
      // The other tabs hear of it by the notification socket (`blocks_changed`, list-events.ts).
      void queryClient.invalidateQueries({ queryKey: dmKeys.all });
      void queryClient.invalidateQueries({ queryKey: pinKeys.all });
    },
  });
}

/** Why the viewer's screen collapses a message (see `hiddenReasonOf`). */
export function useHiddenReason(): (message: Parameters<typeof hiddenReasonOf>[0]) => HiddenReason | null {
  const { data } = useBlocks();
  return (message) => hiddenReasonOf(message, data);
}
