import { z } from 'zod';
import { passwordSchema } from './auth';
import { LIMITS } from './limits';
import { PROFILE_TEXTS } from './texts';
import { withoutControls } from './text-controls';

const t = PROFILE_TEXTS;

/** The profile's free-text fields and their maximum lengths (docs/profile.md). */
export const PROFILE_TEXT_FIELDS = {
  studies: { label: 'Studies', max: LIMITS.studiesMax },
  profile_blurb: { label: 'Profile blurb', max: LIMITS.blurbMax },
  website: { label: 'Website', max: LIMITS.websiteMax },
  languages_spoken: { label: 'Languages spoken', max: LIMITS.languagesMax },
  interests: { label: 'Interests & tags', max: LIMITS.interestsMax },
} as const;
export type ProfileTextField = keyof typeof PROFILE_TEXT_FIELDS;

/** Every per-field privacy flag, with the default of a profile never saved (docs/profile.md). */
export const PRIVACY_DEFAULTS = {
  studies_private: false,
  profile_blurb_private: true,
  profile_picture_private: true,
  website_private: true,
  languages_spoken_private: true,
  interests_private: true,
  join_date_private: false,
} as const;
export type PrivacyFlag = keyof typeof PRIVACY_DEFAULTS;
export const PRIVACY_FLAGS = Object.keys(PRIVACY_DEFAULTS) as PrivacyFlag[];

/** An absolute http(s) link with a host: the only websites a profile may show (docs/security.md). */
export function isWebsiteUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

const text = (field: ProfileTextField) => {
  const { label, max } = PROFILE_TEXT_FIELDS[field];
  return z.string().overwrite(withoutControls).trim().max(max, t.tooLong(label, max));
};

/**
 * `POST /api/profile/` JSON: any subset of the profile's fields (the SPA sends them all).
 * Texts are trimmed, without control characters or bidirectional overrides (docs/chat.md); an
 * empty website clears it.
 */
export const profileUpdateBody = z.strictObject({
  studies: text('studies').optional(),
  profile_blurb: text('profile_blurb').optional(),
  website: text('website')
    .refine((v) => v === '' || isWebsiteUrl(v), t.websiteUrl)
    .optional(),
  languages_spoken: text('languages_spoken').optional(),
  interests: text('interests').optional(),
  studies_private: z.boolean().optional(),
  profile_blurb_private: z.boolean().optional(),
  profile_picture_private: z.boolean().optional(),
  website_private: z.boolean().optional(),
  languages_spoken_private: z.boolean().optional(),
  interests_private: z.boolean().optional(),
  join_date_private: z.boolean().optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

const textFieldShape = {
  studies: z.string(),
  profile_blurb: z.string(),
  website: z.string(),
  languages_spoken: z.string(),
  interests: z.string(),
} satisfies Record<ProfileTextField, z.ZodString>;

const privacyFlagShape = {
  studies_private: z.boolean(),
  profile_blurb_private: z.boolean(),
  profile_picture_private: z.boolean(),
  website_private: z.boolean(),
  languages_spoken_private: z.boolean(),
  interests_private: z.boolean(),
  join_date_private: z.boolean(),
} satisfies Record<PrivacyFlag, z.ZodBoolean>;

/** `GET /api/profile/` and the answer of a JSON `POST /api/profile/`: every field of your own profile. */
export const ownProfile = z.object({
  username: z.string(),
  profile_picture_url: z.string().nullable(),
  /** ISO 8601 UTC time the account was made. */
  join_date: z.string(),
  ...textFieldShape,
  ...privacyFlagShape,
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** Answer of a multipart `POST /api/profile/` (upload, or `delete_picture=true`). */
export const profilePictureResponse = z.object({ profile_picture_url: z.string().nullable() });
export type ProfilePictureResponse = z.infer<typeof profilePictureResponse>;

/**
 * `GET /api/users/{username}/profile/`. A field whose privacy flag is on is absent (yours are all
 * there, and `private_fields` names the ones others do not see). Reactions and ranks come from
 * the ranking counters; a rank is null while the user has received no reaction (in that period).
 */
export const publicProfile = z.object({
  username: z.string(),
  is_self: z.boolean(),
  /** Whether the viewer may block or mute this user (not themselves, not an assistant). */
  can_block: z.boolean(),
  join_date: z.string().optional(),
  profile_picture_url: z.string().optional(),
  ...z.object(textFieldShape).partial().shape,
  /** Only on your own profile: the fields other users do not see. */
  private_fields: z.array(z.enum(PRIVACY_FLAGS)).optional(),
  total_reactions: z.number().int().min(0),
  total_reactions_day: z.number().int().min(0),
  rank: z.number().int().positive().nullable(),
  rank_day: z.number().int().positive().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** `POST /api/password/`: the new password follows the registration rules. */
export const passwordChangeBody = z.strictObject({
  old_password: z.string().min(1, t.wrongOldPassword).max(1024),
  new_password: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** Where a user's picture is served: versioned, so a new picture is a new URL. */
export const profilePictureUrl = (username: string, version: string): string =>
  `/api/users/${encodeURIComponent(username)}/picture/?v=${encodeURIComponent(version)}`;
