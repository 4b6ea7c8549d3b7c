import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { LandingPage } from '../../features/landing/components/landing-page';

export function LandingRoute() {
  const { isLoading, username } = useSession();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  return <LandingPage username={username} />;
}
