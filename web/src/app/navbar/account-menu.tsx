import { Link } from 'react-router';
import { Bug, LogOut, Moon, ShieldCheck, User } from 'lucide-react';
import { MODERATION_TEXTS, TEXTS } from '@studium/protocol';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { links } from '../../config/links';
import { paths } from '../../config/paths';
import { useAuthActions } from '../../features/auth/hooks/use-auth-actions';
import { useModerationAccess } from '../../features/moderation/api/get-moderation-access';
import { UserAvatar } from '../../features/profile/components/user-avatar';
import { useTheme } from '../providers/theme-provider';

/** The avatar menu: username heading, dark mode, Report bug (when a feedback form is configured), Profile, Moderation (when the server allows), Log out. */
export function AccountMenu({ username, defaultOpen }: { username: string; defaultOpen?: boolean }) {
  const { signOut } = useAuthActions();
  const { isDark, setDark } = useTheme();
  const moderation = useModerationAccess(username);

  const onLogout = async () => {
    try {
      await signOut(paths.landing.href());
    } catch {
      window.alert(TEXTS.auth.logoutFailed);
    }
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className="rounded-full transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <UserAvatar username={username} />
        <span className="sr-only">Account menu for {username}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate">{username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem checked={isDark} onCheckedChange={(checked) => setDark(checked === true)}>
          <Moon aria-hidden="true" className="size-4" />
          Dark mode
        </DropdownMenuCheckboxItem>
        {links.feedbackForm ? (
          <DropdownMenuItem asChild>
            <a href={links.feedbackForm} target="_blank" rel="noopener noreferrer">
              <Bug aria-hidden="true" className="size-4" />
              {TEXTS.nav.reportBug}
            </a>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to={paths.profile.href()}>
            <User aria-hidden="true" className="size-4" />
            {TEXTS.nav.profile}
          </Link>
        </DropdownMenuItem>
        {moderation.data?.can_moderate ? (
          <DropdownMenuItem asChild>
            <Link to={paths.moderation.href()}>
              <ShieldCheck aria-hidden="true" className="size-4" />
              {MODERATION_TEXTS.title}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onLogout()}>
          <LogOut aria-hidden="true" className="size-4" />
          {TEXTS.nav.logOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
