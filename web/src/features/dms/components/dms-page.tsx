import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MessageSquare, SearchX } from 'lucide-react';
import { DM_PAGE_TEXTS, TEXTS } from '@studium/protocol';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton, SkeletonRow } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useSession } from '../../auth';
import { useConversations } from '../api/get-conversations';
import { buildSections, type SectionKey } from '../lib/conversations';
import type { Conversation } from '../types';
import { ConversationResults } from './conversation-results';
import { ConversationSearch } from './conversation-search';
import { ConversationSection } from './conversation-section';
import { NewGroupDialog } from './new-group-dialog';
import { NewMessageDialog } from './new-message-dialog';

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="flex flex-col gap-3">
      {[0, 1].map((section) => (
        <div key={section} className="rounded-xl border border-border bg-surface p-4">
          <Skeleton className="mb-4 h-4 w-40" />
          {[0, 1, 2].map((row) => (
            <SkeletonRow key={row} className="py-2" avatar="size-10" title="h-3.5 w-1/3" detail="h-3 w-2/3" />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * /dms (docs/dms.md): search, 'Direct Messages (n)' and 'Group Conversations (n)' (a search shows
 * its matches as one list instead), empty and error states.
 */
export function DmsPage() {
  const { username } = useSession();
  const navigate = useNavigate();
  const conversations = useConversations();
  const [query, setQuery] = useState('');
  // Both sections are expanded until the user collapses one; a search shows one list instead.
  const [collapsed, setCollapsed] = useState<Record<SectionKey, boolean>>({ direct: false, group: false });
  const list = conversations.data?.conversations;
  const sections = useMemo(() => buildSections(list ?? [], query), [list, query]);
  const toggle = (key: SectionKey) => setCollapsed((prev) => ({ ...prev, [key]: !prev[key] }));

  const openConversation = (c: Conversation) => void navigate(paths.chat.href(c.room));

  let body;
  if (conversations.isPending) body = <ListSkeleton />;
  else if (conversations.isError) {
    body = (
      <ErrorState
        message={DM_PAGE_TEXTS.loadFailed}
        onRetry={() => void conversations.refetch()}
        retrying={conversations.isFetching}
      />
    );
  } else if (!list?.length) {
    body = (
      <EmptyState
        icon={MessageSquare}
        title={DM_PAGE_TEXTS.empty}
        description="Find study partners, or start one with New message."
        action={
          <Link to={paths.matchmake.href()} className={buttonClasses('primary', 'sm')}>
            {DM_PAGE_TEXTS.findPeople}
          </Link>
        }
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <ConversationSearch value={query} onChange={setQuery} />
        {sections.searching ? (
          <>
            <p className="text-sm text-muted-fg" aria-live="polite">
              {DM_PAGE_TEXTS.found(sections.total)}
            </p>
            {sections.total === 0 ? (
              <EmptyState
                icon={SearchX}
                title={DM_PAGE_TEXTS.noMatches(query.trim())}
                action={
                  <Button variant="secondary" size="sm" onClick={() => setQuery('')}>
                    Clear Search
                  </Button>
                }
              />
            ) : (
              <ConversationResults
                // Another search starts again at its first rows.
                key={query.trim()}
                label={DM_PAGE_TEXTS.found(sections.total)}
                conversations={sections.matches}
                onOpen={openConversation}
              />
            )}
          </>
        ) : (
          <>
            <ConversationSection
              title={DM_PAGE_TEXTS.directSection(sections.direct.length)}
              conversations={sections.direct}
              expanded={!collapsed.direct}
              onToggle={() => toggle('direct')}
              onOpen={openConversation}
              emptyText="No direct messages yet."
            />
            <ConversationSection
              title={DM_PAGE_TEXTS.groupSection(sections.group.length)}
              conversations={sections.group}
              expanded={!collapsed.group}
              onToggle={() => toggle('group')}
              onOpen={openConversation}
              emptyText="No group conversations yet."
            />
          </>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={TEXTS.nav.directMessages}
        description="Your direct and group conversations."
        actions={
          <>
            <NewMessageDialog me={username} />
            <NewGroupDialog me={username} />
          </>
        }
      />
      {body}
    </section>
  );
}
