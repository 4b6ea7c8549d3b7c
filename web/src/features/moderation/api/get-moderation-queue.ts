import { useQuery } from '@tanstack/react-query';
import { moderationQueueResponse, type ModerationQueueResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/reports/: the open reports this user may handle. */
export function getModerationQueue(): Promise<ModerationQueueResponse> {
  return checked.get('/api/moderation/reports/', moderationQueueResponse);
}

export function useModerationQueue() {
  return useQuery({ queryKey: moderationKeys.queue(), queryFn: getModerationQueue, retry: false });
}
