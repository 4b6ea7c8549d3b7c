import { useQuery } from '@tanstack/react-query';
import type { IntentResponse, TutoringRole } from '@studium/protocol';
import { intentResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const matchmakingKeys = {
  all: ['matchmaking'] as const,
  role: (role: TutoringRole) => ['matchmaking', role] as const,
  intent: (role: TutoringRole) => ['matchmaking', role, 'intent'] as const,
  recs: (role: TutoringRole, intentId: number) => ['matchmaking', role, 'recs', intentId] as const,
  matches: (role: TutoringRole) => ['matchmaking', role, 'matches'] as const,
};

/** GET /api/intent/{role}: the caller's open or paused intent for that role, or null. */
export function getIntent(role: TutoringRole): Promise<IntentResponse> {
  return checked.get(`/api/intent/${role}`, intentResponse);
}

export function useIntent(role: TutoringRole) {
  return useQuery({ queryKey: matchmakingKeys.intent(role), queryFn: () => getIntent(role), retry: false });
}
