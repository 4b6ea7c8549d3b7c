import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@studium/protocol';
import { api } from '../../../lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  user: (username: string) => [...profileKeys.all, 'user', username.toLowerCase()] as const,
};

/** GET /api/profile/: every field of your own profile. */
export function getProfile(): Promise<OwnProfile> {
  return api.get<OwnProfile>('/api/profile/');
}

export function useProfileQuery() {
  return useQuery({ queryKey: profileKeys.own(), queryFn: getProfile, retry: false });
}
