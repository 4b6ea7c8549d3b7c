import type { ReactNode } from 'react';
import { MathText } from '../../../components/ui/math-text';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  Flag,
  CalendarDays,
  ExternalLink,
  GraduationCap,
  Languages,
  Lock,
  MessageSquare,
  Pencil,
  Sparkles,
  UserX,
} from 'lucide-react';
import { MODERATION_TEXTS, PROFILE_TEXTS, type PrivacyFlag, type PublicProfile } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRow } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';
import { BlockButtons } from '../../blocks';
import { useUserProfileQuery } from '../api/get-user-profile';
import { ReportDialog } from '../../moderation';
import { useOpenDirectMessage } from '../api/open-direct-message';
import { actionErrorText } from '../lib/profile-form';
import { ProfileAvatar } from './profile-avatar';
import { OnlineDot, usePresence } from '../../presence';

const joinedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function Detail({
  icon,
  label,
  isPrivate,
  children,
}: {
  icon: ReactNode;
  label: string;
  isPrivate: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-fg uppercase">
        {icon}
        {label}
        {isPrivate ? (
          <Badge className="ml-1 gap-1 normal-case" title={PROFILE_TEXTS.privateHint}>
            <Lock aria-hidden="true" className="size-3" />
            Only you
          </Badge>
        ) : null}
      </dt>
      <dd className="text-sm break-words whitespace-pre-line text-fg">{children}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-border bg-surface-2 px-3 py-2">
      <span className="text-lg font-semibold text-fg tabular-nums">{value}</span>
      <span className="text-xs text-muted-fg">{label}</span>
    </div>
  );
}

/** The 'Message' button: opens (or finds) the DM room and goes there. */
/**
 * The profile viewed is watched while it is on screen (docs/presence.md): its online dot, and
 * its fields and picture, read again when what others see of them changes.
 */
function ProfileOnlineDot({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const online = usePresence([username], {
    onProfileChanged: (changed) =>
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(changed) }),
  });
  return <OnlineDot online={online[username]} />;
}

function MessageButton({ username }: { username: string }) {
  const navigate = useNavigate();
  const open = useOpenDirectMessage();
  const onClick = async () => {
    try {
      const { room } = await open.mutateAsync(username);
      navigate(paths.chat.href(room));
    } catch (err) {
      toast.error(actionErrorText(err, PROFILE_TEXTS.messageFailed));
    }
  };
  return (
    <Button onClick={() => void onClick()} disabled={open.isPending} loading={open.isPending}>
      {open.isPending ? null : <MessageSquare aria-hidden="true" className="size-4" />}
      Message
    </Button>
  );
}

function ProfileCard({ profile }: { profile: PublicProfile }) {
  const isPrivate = (flag: PrivacyFlag) => profile.private_fields?.includes(flag) ?? false;
  const website = profile.website;
  const interests = (profile.interests ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const hasDetails = Boolean(
    profile.studies ||
    profile.profile_blurb ||
    profile.languages_spoken ||
    interests.length ||
    website ||
    profile.join_date,
  );
  return (
    <Card>
      <CardContent className="flex flex-col gap-6">
        {profile.is_self ? (
          <p role="note" className="rounded-lg border border-border bg-accent-soft px-3 py-2 text-sm text-fg">
            This is your public profile. Fields marked &lsquo;Only you&rsquo; are hidden from other users.
          </p>
        ) : null}
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <ProfileAvatar username={profile.username} pictureUrl={profile.profile_picture_url} size="xl" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex min-w-0 items-center justify-center gap-2 sm:justify-start">
              <h1 id="page-title" className="truncate text-2xl font-semibold tracking-tight text-fg">
                @{profile.username}
              </h1>
              <ProfileOnlineDot username={profile.username} />
            </div>
          </div>
          {profile.is_self ? (
            <Link to={paths.profile.href()} className={buttonClasses('secondary')}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit profile
            </Link>
          ) : (
            <div className="flex flex-wrap justify-center gap-2">
              <MessageButton username={profile.username} />
              <ReportDialog
                target={{ username: profile.username }}
                trigger={
                  <Button variant="secondary">
                    <Flag aria-hidden="true" className="size-4" />
                    {MODERATION_TEXTS.reportUser}
                  </Button>
                }
              />
            </div>
          )}
        </div>
        {profile.can_block ? <BlockButtons username={profile.username} /> : null}
        <div className="grid grid-cols-3 gap-2" aria-label="Reactions and rank">
          <Stat label="Reactions received" value={profile.total_reactions} />
          <Stat label="Today" value={profile.total_reactions_day} />
          <Stat label="Rank" value={profile.rank ? `#${profile.rank}` : '—'} />
        </div>
        {hasDetails ? (
          <dl className="flex flex-col gap-4">
            {profile.profile_blurb ? (
              <Detail
                icon={<Sparkles aria-hidden="true" className="size-3.5" />}
                label="About"
                isPrivate={isPrivate('profile_blurb_private')}
              >
                <MathText text={profile.profile_blurb} />
              </Detail>
            ) : null}
            {profile.studies ? (
              <Detail
                icon={<GraduationCap aria-hidden="true" className="size-3.5" />}
                label="Studies"
                isPrivate={isPrivate('studies_private')}
              >
                {profile.studies}
              </Detail>
            ) : null}
            {profile.languages_spoken ? (
              <Detail
                icon={<Languages aria-hidden="true" className="size-3.5" />}
                label="Languages spoken"
                isPrivate={isPrivate('languages_spoken_private')}
              >
                {profile.languages_spoken}
              </Detail>
            ) : null}
            {interests.length ? (
              <Detail
                icon={<Sparkles aria-hidden="true" className="size-3.5" />}
                label="Interests & tags"
                isPrivate={isPrivate('interests_private')}
              >
                <span className="flex flex-wrap gap-1.5">
                  {interests.map((tag, i) => (
                    <Badge key={`${tag}-${i}`} tone="accent">
                      {tag}
                    </Badge>
                  ))}
                </span>
              </Detail>
            ) : null}
            {website ? (
              <Detail
                icon={<ExternalLink aria-hidden="true" className="size-3.5" />}
                label="Website"
                isPrivate={isPrivate('website_private')}
              >
                <a
                  href={website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-accent-text underline underline-offset-2"
                >
                  {website}
                </a>
              </Detail>
            ) : null}
            {profile.join_date ? (
              <Detail
                icon={<CalendarDays aria-hidden="true" className="size-3.5" />}
                label="Joined"
                isPrivate={isPrivate('join_date_private')}
              >
                <time dateTime={profile.join_date}>{joinedFormat.format(new Date(profile.join_date))}</time>
              </Detail>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm text-muted-fg">{profile.username} hasn&rsquo;t shared any profile details.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** /userprofile/{username}: the profile as this viewer may see it, or a clear not-found state. */
export function PublicProfileView({ username }: { username: string }) {
  const query = useUserProfileQuery(username);
  if (query.isSuccess) return <ProfileCard profile={query.data} />;
  return (
    <div className="flex flex-col gap-4">
      <h1 id="page-title" className="truncate text-2xl font-semibold tracking-tight text-fg">
        @{username}
      </h1>
      <ProfileState query={query} username={username} />
    </div>
  );
}

function ProfileState({
  query,
  username,
}: {
  query: ReturnType<typeof useUserProfileQuery>;
  username: string;
}) {
  if (query.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent>
          <SkeletonRow className="gap-4" avatar="size-24" title="h-6 w-48" detail="h-4 w-32" />
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyState
          icon={UserX}
          title={PROFILE_TEXTS.userNotFound}
          description={
            <>There is no user called &lsquo;{username}&rsquo;. They may have deleted their account.</>
          }
          action={
            <Link to={paths.home.href()} className={buttonClasses('secondary')}>
              Back to Chat Rooms
            </Link>
          }
        />
      );
    }
    return (
      <ErrorState
        message={actionErrorText(query.error, PROFILE_TEXTS.loadFailed, PROFILE_TEXTS.loadError)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return null;
}
