import { paths } from '../../config/paths';
import { BotConsentSwitch } from '../../features/assistants/components/bot-consent-switch';
import { useAuthActions } from '../../features/auth/hooks/use-auth-actions';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { useTheme } from '../providers/theme-provider';

export default function ProfileRoute() {
  const { isDark, setDark } = useTheme();
  const { forgetSession } = useAuthActions();

  // The server already ended the session: forget it here as a logout would, then go to /.
  const onAccountDeleted = () => forgetSession(paths.landing.href());

  return (
    <div className="mx-auto w-full max-w-3xl">
      <ProfilePage
        isDark={isDark}
        setDark={setDark}
        onAccountDeleted={onAccountDeleted}
        assistantsSettings={<BotConsentSwitch />}
      />
    </div>
  );
}
