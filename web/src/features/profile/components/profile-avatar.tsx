import { useMemo } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { generatedAvatar } from './generated-avatar';

const sizes = { md: 'size-10', lg: 'size-16', xl: 'size-24 text-2xl' };

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
