import { canBlock } from '../blocks/blocks.policy';
import {
  PRIVACY_DEFAULTS,
  PRIVACY_FLAGS,
  PROFILE_TEXT_FIELDS,
  profilePictureUrl,
  type OwnProfile,
  type PrivacyFlag,
  type ProfileTextField,
  type PublicProfile,
} from '@studium/protocol';
import { fromDbBool } from '../../db/dialect';
import type { ProfileValues, UserProfileRow } from './profile.repository';

const TEXT_FIELDS = Object.keys(PROFILE_TEXT_FIELDS) as ProfileTextField[];

/** Which flag hides each field others may see. */
const FLAG_OF: Record<ProfileTextField | 'join_date' | 'profile_picture_url', PrivacyFlag> = {
  studies: 'studies_private',
  profile_blurb: 'profile_blurb_private',
  website: 'website_private',
  languages_spoken: 'languages_spoken_private',
  interests: 'interests_private',
  join_date: 'join_date_private',
  profile_picture_url: 'profile_picture_private',
};

/** The stored profile as values, the defaults of docs/profile.md standing in for a profile never saved. */
export function profileValues(row: UserProfileRow): ProfileValues {
  const values = {} as Record<string, string | number>;
  for (const field of TEXT_FIELDS) values[field] = row[field] ?? '';
  for (const flag of PRIVACY_FLAGS) values[flag] = row[flag] ?? (PRIVACY_DEFAULTS[flag] ? 1 : 0);
  return values as unknown as ProfileValues;
}

const pictureUrl = (row: UserProfileRow) =>
  row.picture_version ? profilePictureUrl(row.username, row.picture_version) : null;

/** Your own profile: every field and flag. */
export function presentOwnProfile(row: UserProfileRow): OwnProfile {
  const values = profileValues(row);
  const profile = {
    username: row.username,
    profile_picture_url: pictureUrl(row),
    join_date: row.created_at,
  } as OwnProfile;
  for (const field of TEXT_FIELDS) profile[field] = values[field];
  for (const flag of PRIVACY_FLAGS) profile[flag] = fromDbBool(values[flag]);
  return profile;
}

export interface RankingFigures {
  total_reactions: number;
  total_reactions_day: number;
  rank: number | null;
  rank_day: number | null;
}

/**
 * A profile as `viewerId` may see it: a field whose flag is on is left out entirely (not sent
 * empty), unless the viewer is its owner, who also learns which fields are private.
 */
export function presentPublicProfile(
  row: UserProfileRow,
  viewerId: number,
  ranking: RankingFigures,
): PublicProfile {
  const values = profileValues(row);
  const isSelf = row.id === viewerId;
  const visible = (field: keyof typeof FLAG_OF) => isSelf || !fromDbBool(values[FLAG_OF[field]]);
  const profile: PublicProfile = {
    username: row.username,
    is_self: isSelf,
    can_block: canBlock({ id: viewerId }, row),
    ...ranking,
  };
  for (const field of TEXT_FIELDS) if (visible(field)) profile[field] = values[field];
  if (visible('join_date')) profile.join_date = row.created_at;
  const url = pictureUrl(row);
  if (url && visible('profile_picture_url')) profile.profile_picture_url = url;
  if (isSelf) profile.private_fields = PRIVACY_FLAGS.filter((flag) => fromDbBool(values[flag]));
  return profile;
}

const NO_FIGURES: RankingFigures = { total_reactions: 0, total_reactions_day: 0, rank: null, rank_day: null };

/**
 * What every other user sees of a profile (its fields and picture), as one string: an edit that
 * leaves it as it was (a private field, a flag on an empty field) changes nothing anyone else sees.
 */
export function seenByOthers(row: UserProfileRow): string {
  const { is_self: _self, can_block: _canBlock, ...seen } = presentPublicProfile(row, 0, NO_FIGURES);
  // An empty field shows as nothing, as a private one does.
  return JSON.stringify(Object.entries(seen).filter(([, value]) => value !== ''));
}
