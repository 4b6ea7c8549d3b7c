import { useQuery } from '@tanstack/react-query';
import { ownProfile, type OwnProfile } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  user: (username: string) => [...profileKeys.all, 'user', username.toLowerCase()] as const,
};

/** GET /api/profile/: every field of your own profile. */
export function getProfile(): Promise<OwnProfile> {
  return checked.get('/api/profile/', ownProfile);
}

export function useProfileQuery() {
  return useQuery({ queryKey: profileKeys.own(), queryFn: getProfile, retry: false });
}
