import { useQuery } from '@tanstack/react-query';
import { moderationAccessResponse, type ModerationAccessResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/access/: whether the server lets this user moderate anything. */
export function getModerationAccess(): Promise<ModerationAccessResponse> {
  return checked.get('/api/moderation/access/', moderationAccessResponse);
}

/** Whether the Moderation entry shows: the server decides, the menu only asks. */
export function useModerationAccess(username: string) {
  return useQuery({
    queryKey: moderationKeys.access(username),
    queryFn: getModerationAccess,
    staleTime: 60_000,
    retry: false,
  });
}
