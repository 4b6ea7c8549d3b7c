import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  onboardingCompleteResponse,
  type OnboardingCompleteResponse,
  type SessionResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

/** POST /api/onboarding/complete/: the tour is done (kept per user on the server). */
export function completeOnboarding(): Promise<OnboardingCompleteResponse> {
  return checked.post('/api/onboarding/complete/', undefined, onboardingCompleteResponse);
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: ({ onboarding_completed }) =>
      queryClient.setQueryData<SessionResponse>(sessionKeys.all, (old) =>
        old ? { ...old, onboarding_completed } : old,
      ),
  });
}
