import type { Conversation } from '../types';
import { ConversationList } from './conversation-list';

interface ConversationResultsProps {
  /** The count line ('Found 2 results'), which also names the list. */
  label: string;
  conversations: Conversation[];
  onOpen: (conversation: Conversation) => void;
}

/** A search's matches, direct and group alike, as one list under its count line (docs/dms.md). */
export function ConversationResults({ label, conversations, onOpen }: ConversationResultsProps) {
  if (conversations.length === 0) return null;
  return (
    <div className="rounded-xl border border-border bg-surface p-1">
      <ConversationList
        label={label}
        conversations={conversations}
        onOpen={onOpen}
        className="flex flex-col"
      />
    </div>
  );
}
