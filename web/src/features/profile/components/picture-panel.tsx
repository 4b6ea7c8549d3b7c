import { useRef, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { ImageUp, Trash2 } from 'lucide-react';
import { PROFILE_TEXTS, type OwnProfile } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { useRemovePicture, useUploadPicture } from '../api/profile-picture';
import { actionErrorText, pictureFileProblem } from '../lib/profile-form';
import { ProfileAvatar } from './profile-avatar';

/** The Picture tab: preview, 'Change Picture', 'Remove' when there is one, and the limits. */
export function PicturePanel({ profile }: { profile: OwnProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!file) return;
    const problem = pictureFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(PROFILE_TEXTS.pictureUpdated);
    } catch (err) {
      toast.error(actionErrorText(err, PROFILE_TEXTS.uploadFailed));
    }
  };

  const onRemove = async () => {
    if (busy) return;
    try {
      await remove.mutateAsync(undefined);
      toast.success(PROFILE_TEXTS.pictureRemoved);
    } catch (err) {
      toast.error(actionErrorText(err, PROFILE_TEXTS.removeFailed));
    }
  };

  return (
    <div className="flex flex-col items-center gap-5 py-2 text-center sm:flex-row sm:items-start sm:text-left">
      <ProfileAvatar
        username={profile.username}
        pictureUrl={profile.profile_picture_url}
        size="xl"
        className="size-32"
      />
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg">
          {profile.profile_picture_url
            ? 'Your profile picture.'
            : 'No picture yet: others see a generated avatar.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <Button onClick={() => input.current?.click()} disabled={busy} loading={upload.isPending}>
            {upload.isPending ? null : <ImageUp aria-hidden="true" className="size-4" />}
            {upload.isPending ? PROFILE_TEXTS.uploading : PROFILE_TEXTS.changePicture}
          </Button>
          {profile.profile_picture_url ? (
            <Button
              variant="secondary"
              onClick={() => void onRemove()}
              disabled={busy}
              loading={remove.isPending}
            >
              {remove.isPending ? null : <Trash2 aria-hidden="true" className="size-4" />}
              {PROFILE_TEXTS.removePicture}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-fg">{PROFILE_TEXTS.pictureNote}</p>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={(e) => void onFile(e)}
        />
      </div>
    </div>
  );
}
