import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  profilePictureResponse,
  type OwnProfile,
  type ProfilePictureResponse,
  type PublicProfile,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { profileKeys } from '../../../lib/query-keys';

// The multipart form also carries the token as a field (`csrfmiddlewaretoken`), next to the header.
function pictureForm(): FormData {
  const form = new FormData();
  form.append('csrfmiddlewaretoken', readCookie('csrftoken') ?? '');
  return form;
}

/** POST /api/profile/ multipart with `profile_picture`: answers with the new picture URL. */
export function uploadPicture(file: File): Promise<ProfilePictureResponse> {
  const form = pictureForm();
  form.append('profile_picture', file);
  return checked.post('/api/profile/', form, profilePictureResponse);
}

/** POST /api/profile/ multipart with `delete_picture=true`. */
export function removePicture(): Promise<ProfilePictureResponse> {
  const form = pictureForm();
  form.append('delete_picture', 'true');
  return checked.post('/api/profile/', form, profilePictureResponse);
}

function usePictureMutation<T>(mutationFn: (arg: T) => Promise<ProfilePictureResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Every view reads the new picture at once, and none asks for a removed one (docs/profile.md):
    // both caches that hold it change before any view renders again.
    onSuccess: ({ profile_picture_url }) => {
      const own = queryClient.setQueryData<OwnProfile>(profileKeys.own(), (old) =>
        old ? { ...old, profile_picture_url } : old,
      );
      if (!own) return;
      queryClient.setQueryData<PublicProfile>(profileKeys.user(own.username), (old) => {
        if (!old) return old;
        const { profile_picture_url: _removed, ...rest } = old;
        return profile_picture_url ? { ...rest, profile_picture_url } : rest;
      });
    },
  });
}

export const useUploadPicture = () => usePictureMutation(uploadPicture);
export const useRemovePicture = () => usePictureMutation(removePicture);
