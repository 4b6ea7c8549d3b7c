import { useQuery } from '@tanstack/react-query';
import { roomBansResponse, type RoomBansResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/bans/: the bans in force in the rooms this user moderates. */
export function getBans(): Promise<RoomBansResponse> {
  return checked.get('/api/moderation/bans/', roomBansResponse);
}

export function useBans() {
  return useQuery({ queryKey: moderationKeys.bans(), queryFn: getBans, retry: false });
}
