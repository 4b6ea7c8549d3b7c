import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getUserProfile } from '../api/get-user-profile';
import { Avatar } from '../../../components/ui/avatar';
import { profileKeys } from '../../../lib/query-keys';

type Generator = (username: string) => string;
let generator: Generator | undefined;
let loading: Promise<Generator> | undefined;
const generated = new Map<string, string>();

/** The avatar generator, fetched once on first need: the navbar is in every page's first bundle. */
function loadGenerator(): Promise<Generator> {
  loading ??= import('./generated-avatar').then((m) => (generator = m.generatedAvatar));
  return loading;
}

function generatedFor(username: string): string | undefined {
  if (!generator) return undefined;
  let uri = generated.get(username);
  if (uri === undefined) {
    uri = generator(username);
    generated.set(username, uri);
  }
  return uri;
}

/** The generated avatar of a username once the generator has loaded (initials until then). */
function useGeneratedAvatar(username: string): string | undefined {
  const [, loaded] = useState(Boolean(generator));
  useEffect(() => {
    if (generator) return;
    let live = true;
    void loadGenerator().then(() => live && loaded(true));
    return () => {
      live = false;
    };
  }, []);
  return generatedFor(username);
}

/**
 * A user's picture where the viewer may see it (their public profile's, or your own), else their
 * generated avatar, as on the profile pages: the navbar and the chat show people this way
 * (docs/profile.md). It reads the same cache as the profile pages, which a picture change
 * updates at once. Initials show for the moment the generator takes to load.
 */
export function UserAvatar({ username, className }: { username: string; className?: string }) {
  const { data } = useQuery({
    queryKey: profileKeys.user(username),
    queryFn: () => getUserProfile(username),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  const fallback = useGeneratedAvatar(username);
  return (
    <Avatar name={username} src={data?.profile_picture_url || fallback} size="sm" className={className} />
  );
}
