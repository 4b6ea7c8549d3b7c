import { useQuery } from '@tanstack/react-query';
import { ownProfile, type OwnProfile } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';

/** GET /api/profile/: every field of your own profile. */
export function getProfile(): Promise<OwnProfile> {
  return checked.get('/api/profile/', ownProfile);
}

export function useProfileQuery() {
  return useQuery({ queryKey: profileKeys.own(), queryFn: getProfile, retry: false });
}
