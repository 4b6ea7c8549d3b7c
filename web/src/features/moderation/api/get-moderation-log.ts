import { useQuery } from '@tanstack/react-query';
import { moderationLogResponse, type ModerationLogResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderation/log/: what was done, newest first. */
export function getModerationLog(): Promise<ModerationLogResponse> {
  return checked.get('/api/moderation/log/', moderationLogResponse);
}

export function useModerationLog() {
  return useQuery({ queryKey: moderationKeys.log(), queryFn: getModerationLog, retry: false });
}
