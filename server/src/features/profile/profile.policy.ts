import type { CurrentUser } from '../../context';

/** A picture is seen by its owner, and by others only while it is not private (a missing flag is private). */
export const canSeePicture = (
  viewer: CurrentUser,
  picture: { user_id: number; profile_picture_private: number | null },
): boolean => viewer.id === picture.user_id || picture.profile_picture_private === 0;

/** Only the user themself may delete their account. */
export const canDeleteAccount = (user: CurrentUser, username: string): boolean =>
  user.username.toLowerCase() === username.toLowerCase();
