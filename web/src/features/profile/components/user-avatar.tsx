import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getUserProfile } from '../api/get-user-profile';
import { profileKeys } from '../api/get-profile';
import { Avatar } from '../../../components/ui/avatar';

/**
 * A user's picture where the viewer may see it (their public profile's, or your own), else the
 * avatar made from their initials: the navbar and the chat show people this way
 * (docs/profile.md). It reads the same cache as the profile pages, which a picture change
 * updates at once. (Kept free of the profile page's avatar generator: the navbar is in every
 * page's first bundle.)
 */
export function UserAvatar({ username, className }: { username: string; className?: string }) {
  const { data } = useQuery({
    queryKey: profileKeys.user(username),
    queryFn: () => getUserProfile(username),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  return <Avatar name={username} src={data?.profile_picture_url} size="sm" className={className} />;
}
