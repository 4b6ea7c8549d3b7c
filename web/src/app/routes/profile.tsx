import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ANONYMOUS_SESSION, sessionKeys } from '../../features/auth/api/get-session';
import { setPostAuthRedirect } from '../../features/auth/lib/post-auth-redirect';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { clearStoredUsername } from '../../lib/storage';
import { useTheme } from '../providers/theme-provider';

export default function ProfileRoute() {
  const { isDark, setDark } = useTheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // The server already ended the session: forget it here as a logout would, then go to /.
  const onAccountDeleted = () => {
    setPostAuthRedirect(paths.landing.href());
    clearStoredUsername();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    queryClient.setQueryData(sessionKeys.all, ANONYMOUS_SESSION);
    navigate(paths.landing.href());
  };

  return (
    <div className="mx-auto w-full max-w-3xl">
      <ProfilePage isDark={isDark} setDark={setDark} onAccountDeleted={onAccountDeleted} />
    </div>
  );
}
