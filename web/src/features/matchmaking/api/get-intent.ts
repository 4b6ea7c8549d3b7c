import { useQuery } from '@tanstack/react-query';
import type { IntentResponse, TutoringRole } from '@studium/protocol';
import { intentResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** GET /api/intent/{role}: the caller's open or paused intent for that role, or null. */
export function getIntent(role: TutoringRole): Promise<IntentResponse> {
  return checked.get(`/api/intent/${role}`, intentResponse);
}

export function useIntent(role: TutoringRole) {
  return useQuery({ queryKey: matchmakingKeys.intent(role), queryFn: () => getIntent(role), retry: false });
}
