import { Users } from 'lucide-react';
import { DM_PAGE_TEXTS } from '@studium/protocol';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/time';
import { formatBadge } from '../../../lib/format-badge';
import { OnlineDot } from '../../presence';
import type { Conversation } from '../types';
import { conversationPreview, conversationTitle } from '../lib/conversations';

interface ConversationRowProps {
  conversation: Conversation;
  onOpen: (conversation: Conversation) => void;
  /** Whether the DM partner is online (undefined for groups and while unknown). */
  isOnline?: boolean;
}

/** One conversation: title, mention badge, timestamp or 'No activity yet', last message. */
export function ConversationRow({ conversation: c, onOpen, isOnline }: ConversationRowProps) {
  const title = conversationTitle(c);
  const mentions = c.mention_unread_count > 0 ? c.mention_unread_count : c.has_unread_mention ? 1 : 0;
  const badge = formatBadge(mentions);
  const preview = conversationPreview(c);
  const isFallback = !c.last_message?.trim();
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(c)}
        data-testid="conversation-row"
        className="flex w-full min-w-0 items-center gap-3 rounded-lg px-3 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        {c.kind === 'group' ? (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-text">
            <Users aria-hidden="true" className="size-5" />
          </span>
        ) : (
          <span className="relative shrink-0">
            <Avatar name={c.other_user ?? '?'} />
            <OnlineDot online={isOnline} className="absolute right-0 bottom-0" />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-2">
            <span
              className={cn('min-w-0 truncate text-sm text-fg', mentions ? 'font-semibold' : 'font-medium')}
            >
              {title}
            </span>
            {badge ? (
              <span
                data-testid="mention-badge"
                aria-label={`${badge} unread ${mentions === 1 ? 'mention' : 'mentions'}`}
                className="shrink-0 rounded-full bg-danger px-1.5 text-[11px] leading-5 font-semibold text-white"
              >
                {badge}
              </span>
            ) : null}
            <span className="ml-auto shrink-0 text-xs text-muted-fg">
              {c.timestamp ? formatRelativeTime(c.timestamp) : DM_PAGE_TEXTS.noActivity}
            </span>
          </span>
          <span className={cn('truncate text-sm', isFallback ? 'text-muted-fg italic' : 'text-muted-fg')}>
            {preview}
          </span>
        </span>
      </button>
    </li>
  );
}
