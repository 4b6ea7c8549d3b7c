import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownProfile, type OwnProfile, type ProfileUpdateBody } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';

/** POST /api/profile/ JSON: saves the fields and answers with the whole profile. */
export function updateProfile(body: ProfileUpdateBody): Promise<OwnProfile> {
  return checked.post('/api/profile/', body, ownProfile);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own(), profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(profile.username) });
    },
  });
}
