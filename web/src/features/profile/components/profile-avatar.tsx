import { useMemo } from 'react';
import { createAvatar } from '@dicebear/core';
import * as thumbs from '@dicebear/thumbs';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';

const sizes = { md: 'size-10', lg: 'size-16', xl: 'size-24 text-2xl' };

/** A generated avatar, the same for a username everywhere; built in the browser as a data: URI. */
export function generatedAvatar(username: string): string {
  return createAvatar(thumbs, { seed: username.toLowerCase(), radius: 50 }).toDataUri();
}

interface ProfileAvatarProps {
  username: string;
  /** The profile picture when the viewer may see one; else the generated avatar. */
  pictureUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

export function ProfileAvatar({ username, pictureUrl, size = 'lg', className }: ProfileAvatarProps) {
  const generated = useMemo(() => generatedAvatar(username), [username]);
  return <Avatar name={username} src={pictureUrl || generated} className={cn(sizes[size], className)} />;
}
