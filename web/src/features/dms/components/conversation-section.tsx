import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { Conversation } from '../types';
import { ConversationList } from './conversation-list';

interface ConversationSectionProps {
  title: string;
  conversations: Conversation[];
  expanded: boolean;
  onToggle: () => void;
  onOpen: (conversation: Conversation) => void;
  emptyText: string;
}

/** A collapsible section of the list; its header button exposes aria-expanded. */
export function ConversationSection({
  title,
  conversations,
  expanded,
  onToggle,
  onOpen,
  emptyText,
}: ConversationSectionProps) {
  const contentId = useId();
  return (
    <section className="rounded-xl border border-border bg-surface">
      <h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left text-sm font-semibold text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-4 text-muted-fg transition-transform motion-reduce:transition-none',
              expanded ? 'rotate-180' : '',
            )}
          />
        </button>
      </h2>
      <div id={contentId} hidden={!expanded} className="border-t border-border p-1">
        {conversations.length ? (
          <ConversationList
            label={title}
            conversations={conversations}
            onOpen={onOpen}
            visible={expanded}
            className="flex flex-col"
          />
        ) : (
          <p className="px-3 py-4 text-sm text-muted-fg">{emptyText}</p>
        )}
      </div>
    </section>
  );
}
