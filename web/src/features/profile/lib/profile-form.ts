import {
  isWebsiteUrl,
  LIMITS,
  PRIVACY_FLAGS,
  PROFILE_TEXT_FIELDS,
  PROFILE_TEXTS,
  type OwnProfile,
  type PrivacyFlag,
  type ProfileTextField,
} from '@studium/protocol';
import { ApiError, CsrfError, NetworkError } from '../../../lib/api-client';

export type ProfileDraft = Record<ProfileTextField, string> & Record<PrivacyFlag, boolean>;
export const TEXT_FIELDS = Object.keys(PROFILE_TEXT_FIELDS) as ProfileTextField[];

/** The editable part of a profile: its text fields and privacy flags. */
export function draftFromProfile(profile: OwnProfile): ProfileDraft {
  const draft = {} as ProfileDraft;
  for (const field of TEXT_FIELDS) draft[field] = profile[field];
  for (const flag of PRIVACY_FLAGS) draft[flag] = profile[flag];
  return draft;
}

/** Client-side checks before saving (the server checks the same): lengths and the website URL. */
export function validateDraft(draft: ProfileDraft): Partial<Record<ProfileTextField, string>> {
  const errors: Partial<Record<ProfileTextField, string>> = {};
  for (const field of TEXT_FIELDS) {
    const { label, max } = PROFILE_TEXT_FIELDS[field];
    if (draft[field].trim().length > max) errors[field] = PROFILE_TEXTS.tooLong(label, max);
  }
  const website = draft.website.trim();
  if (!errors.website && website && !isWebsiteUrl(website)) errors.website = PROFILE_TEXTS.websiteUrl;
  return errors;
}

/** (docs/profile.md): an image type, at most 5 MB. Null when the file may be sent. */
export function pictureFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return PROFILE_TEXTS.selectImage;
  if (file.size > LIMITS.pictureMaxBytes) return PROFILE_TEXTS.imageTooLarge;
  return null;
}

export interface PasswordDraft {
  current: string;
  next: string;
  confirm: string;
}

/** (docs/profile.md): confirmation must match; the same password again is refused without a call. */
export function passwordDraftProblem({ current, next, confirm }: PasswordDraft): string | null {
  if (next !== confirm) return PROFILE_TEXTS.confirmMismatch;
  if (next === current) return PROFILE_TEXTS.samePassword;
  return null;
}

/**
 * The toast for a failed action: the server's text wins; else `failed` for an HTTP error and
 * `network` when no answer came.
 */
export function actionErrorText(
  err: unknown,
  failed: string,
  network: string = PROFILE_TEXTS.connectionError,
): string {
  if (err instanceof ApiError) return err.serverError ?? failed;
  if (err instanceof CsrfError) return PROFILE_TEXTS.refreshPage;
  if (err instanceof NetworkError) return network;
  return failed;
}
