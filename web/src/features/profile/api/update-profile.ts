import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdateBody } from '@studium/protocol';
import { api } from '../../../lib/api-client';
import { profileKeys } from './get-profile';

/** POST /api/profile/ JSON: saves the fields and answers with the whole profile. */
export function updateProfile(body: ProfileUpdateBody): Promise<OwnProfile> {
  return api.post<OwnProfile>('/api/profile/', body);
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
