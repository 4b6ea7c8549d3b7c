import { usePresence } from '../../presence';
import type { Conversation } from '../types';
import { ConversationRow } from './conversation-row';

interface ConversationResultsProps {
  /** The count line ('Found 2 results'), which also names the list. */
  label: string;
  conversations: Conversation[];
  onOpen: (conversation: Conversation) => void;
}

/** A search's matches, direct and group alike, as one list under its count line (docs/dms.md). */
export function ConversationResults({ label, conversations, onOpen }: ConversationResultsProps) {
  // DM partners are watched while their rows are on screen (docs/presence.md).
  const online = usePresence(
    conversations.flatMap((c) => (c.kind === 'direct' && c.other_user ? [c.other_user] : [])),
  );
  if (conversations.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col rounded-xl border border-border bg-surface p-1">
      {conversations.map((c) => (
        <ConversationRow
          key={c.room}
          conversation={c}
          onOpen={onOpen}
          isOnline={c.other_user ? online[c.other_user] : undefined}
        />
      ))}
    </ul>
  );
}
