import { useQuery } from '@tanstack/react-query';
import { publicProfile, type PublicProfile } from '@studium/protocol';
import { ApiError, checked } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';

/** GET /api/users/{username}/profile/: the fields this viewer may see, reactions and rank. */
export function getUserProfile(username: string): Promise<PublicProfile> {
  return checked.get(`/api/users/${encodeURIComponent(username)}/profile/`, publicProfile);
}

export function useUserProfileQuery(username: string | null) {
  return useQuery({
    queryKey: profileKeys.user(username ?? ''),
    queryFn: () => getUserProfile(username!),
    enabled: Boolean(username),
    // An unknown user stays unknown; other failures get one more try.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
}
