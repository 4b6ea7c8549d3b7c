import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MATCHMAKING_TEXTS, TUTORING_ROLES, type TutoringRole } from '@studium/protocol';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { readStoredTutoringRole, writeStoredTutoringRole } from '../../../lib/storage';
import { useIntent } from '../api/get-intent';
import { draftFromIntent, emptyDraft, parseRole, parseTab, type MatchmakingTab } from '../lib/intent-form';
import { GroupTab } from './group-tab';
import { IntentCard } from './intent-card';
import { IntentForm } from './intent-form';
import { Recommendations } from './recommendations';
import { TutoringMatches } from './tutoring-matches';
import { matchmakingKeys } from '../../../lib/query-keys';

const t = MATCHMAKING_TEXTS;

const ROLE_LABELS: Record<TutoringRole, string> = { tutor: t.roleTutor, tutoree: t.roleTutoree };
const ROLE_HINTS: Record<TutoringRole, string> = {
  tutor: 'You can help others with a course.',
  tutoree: 'You are looking for help with a course.',
};

function IntentSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your intent"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5"
    >
      <div className="flex items-center gap-2">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-3.5 w-1/3" />
      <Skeleton className="h-3.5 w-1/4" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-20" />
      </div>
    </div>
  );
}

/** One role's intent and recommendations, then the matches made so far. */
function RolePanel({ role }: { role: TutoringRole }) {
  return (
    <div className="flex flex-col gap-6">
      <IntentPanel role={role} />
      <TutoringMatches role={role} />
    </div>
  );
}

/** One role's intent: loading, error, the create form, or the card (+ editor) and its matches. */
function IntentPanel({ role }: { role: TutoringRole }) {
  const query = useIntent(role);
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <IntentSkeleton />;
  if (query.isError) {
    return (
      <ErrorState message={t.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  const intent = query.data.intent;
  if (!intent) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Create your {ROLE_LABELS[role]} intent</CardTitle>
          <p className="text-sm text-muted-fg">
            You have no {ROLE_LABELS[role]} intent yet. {ROLE_HINTS[role]} Say which course, and we will
            suggest people to meet.
          </p>
        </CardHeader>
        <CardContent>
          <IntentForm key="create" role={role} mode="create" initial={emptyDraft()} />
        </CardContent>
      </Card>
    );
  }
  if (intent.status === 'archived') {
    // Expired: the card says so, and a new intent can be posted.
    return (
      <div className="flex flex-col gap-6">
        <IntentCard role={role} intent={intent} editing={false} onEdit={() => undefined} />
        <Card>
          <CardHeader>
            <CardTitle>Post a new {ROLE_LABELS[role]} intent</CardTitle>
            <p className="text-sm text-muted-fg">
              This intent has expired. Post a new one to get matches again.
            </p>
          </CardHeader>
          <CardContent>
            <IntentForm
              key={`renew-${intent.id}`}
              role={role}
              mode="create"
              initial={draftFromIntent(intent)}
            />
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <IntentCard role={role} intent={intent} editing={editing} onEdit={() => setEditing(true)} />
      {editing ? (
        <Card>
          <CardHeader>
            <CardTitle>Edit intent</CardTitle>
          </CardHeader>
          <CardContent>
            <IntentForm
              key={intent.id}
              role={role}
              mode="replace"
              initial={draftFromIntent(intent)}
              onSaved={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          </CardContent>
        </Card>
      ) : null}
      {intent.status === 'open' ? (
        <Recommendations role={role} intentId={intent.id} />
      ) : (
        <p className="text-sm text-muted-fg">
          Your intent is {t.statusLabel[intent.status].toLowerCase()}. Resume it to see recommendations.
        </p>
      )}
    </div>
  );
}

/** The Tutoring tab: the TUTOR / TUTOREE switch, then that role's panel. */
function TutoringTab({
  role,
  onRoleChange,
}: {
  role: TutoringRole;
  onRoleChange: (role: TutoringRole) => void;
}) {
  return (
    <Tabs value={role} onValueChange={(value) => onRoleChange(value as TutoringRole)}>
      <div className="flex flex-wrap items-center gap-3">
        <TabsList aria-label="Tutoring role">
          {TUTORING_ROLES.map((r) => (
            <TabsTrigger key={r} value={r}>
              {ROLE_LABELS[r]}
            </TabsTrigger>
          ))}
        </TabsList>
        <p className="text-sm text-muted-fg">{ROLE_HINTS[role]}</p>
      </div>
      {TUTORING_ROLES.map((r) => (
        <TabsContent key={r} value={r}>
          {r === role ? <RolePanel key={r} role={r} /> : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** /matchmake: the Group and Tutoring tabs (Group first); the tab and role live in the URL. */
export function MatchmakingPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const tab = parseTab(params.get('tab'));
  // The role in the URL, else the one last chosen here (docs/matchmaking.md).
  const role = parseRole(params.get('role') ?? readStoredTutoringRole());

  // Only the lists no screen shows: those of the tab or role about to open. The ones on screen
  // stay until they unmount (removing them now would make them fetch once more on the way out).
  const forgetInactiveLists = () =>
    queryClient.removeQueries({ queryKey: matchmakingKeys.all, type: 'inactive' });

  const setTab = (next: MatchmakingTab) => {
    if (next === tab) return;
    // Switching between group and tutoring clears the lists too, so the new tab loads afresh.
    forgetInactiveLists();
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };

  const setRole = (next: TutoringRole) => {
    writeStoredTutoringRole(next);
    if (next === role) return;
    // Switching roles clears the lists and reloads.
    forgetInactiveLists();
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('tab', 'tutoring');
        copy.set('role', next);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <section aria-labelledby="page-title">
      <PageHeader title={t.title} description="Find study partners for a group, or a tutor for a course." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as MatchmakingTab)}>
        <TabsList aria-label="Matchmaking type">
          <TabsTrigger value="group">{t.tabGroup}</TabsTrigger>
          <TabsTrigger value="tutoring">{t.tabTutoring}</TabsTrigger>
        </TabsList>
        <TabsContent value="group">
          <GroupTab />
        </TabsContent>
        <TabsContent value="tutoring">
          <TutoringTab role={role} onRoleChange={setRole} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
