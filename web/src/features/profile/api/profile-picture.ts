import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profilePictureResponse, type OwnProfile, type ProfilePictureResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { profileKeys } from './get-profile';

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
    onSuccess: ({ profile_picture_url }) => {
      const own = queryClient.setQueryData<OwnProfile>(profileKeys.own(), (old) =>
        old ? { ...old, profile_picture_url } : old,
      );
      if (own) void queryClient.invalidateQueries({ queryKey: profileKeys.user(own.username) });
    },
  });
}

export const useUploadPicture = () => usePictureMutation(uploadPicture);
export const useRemovePicture = () => usePictureMutation(removePicture);
