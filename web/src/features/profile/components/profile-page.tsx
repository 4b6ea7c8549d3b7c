import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import { PROFILE_TEXTS } from '@studium/protocol';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useProfileQuery } from '../api/get-profile';
import { actionErrorText } from '../lib/profile-form';
import { PicturePanel } from './picture-panel';
import { ProfileAvatar } from './profile-avatar';
import { ProfileForm } from './profile-form';
import { SettingsPanel } from './settings-panel';

interface ProfilePageProps {
  isDark: boolean;
  setDark: (enabled: boolean) => void;
  onAccountDeleted: () => void;
  /** The assistants' own settings (their reading consent), given by the route: profile does not import them. */
  assistantsSettings: ReactNode;
}

/** /profile: header, then the Profile, Picture and Settings tabs. */
export function ProfilePage(props: ProfilePageProps) {
  const query = useProfileQuery();
  return (
    <>
      <PageHeader title="Profile" description="Your profile, picture and settings." />
      <ProfilePageBody query={query} {...props} />
    </>
  );
}

function ProfilePageBody({
  query,
  isDark,
  setDark,
  onAccountDeleted,
  assistantsSettings,
}: ProfilePageProps & { query: ReturnType<typeof useProfileQuery> }) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        <div className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <Skeleton className="h-6 w-40" />
        </div>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={actionErrorText(query.error, PROFILE_TEXTS.loadFailed, PROFILE_TEXTS.loadError)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const profile = query.data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <ProfileAvatar username={profile.username} pictureUrl={profile.profile_picture_url} />
          <div className="min-w-0">
            <h2 className="truncate text-2xl font-semibold tracking-tight text-fg">{profile.username}</h2>
          </div>
        </div>
        <Link to={paths.userProfile.href(profile.username)} className={buttonClasses('secondary')}>
          <Eye aria-hidden="true" className="size-4" />
          {PROFILE_TEXTS.seeAsOthers}
        </Link>
      </header>
      <Tabs defaultValue="profile">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="picture">Picture</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardContent>
              <ProfileForm profile={profile} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="picture">
          <Card>
            <CardContent>
              <PicturePanel profile={profile} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="settings">
          <SettingsPanel
            username={profile.username}
            isDark={isDark}
            setDark={setDark}
            onAccountDeleted={onAccountDeleted}
            assistantsSettings={assistantsSettings}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
