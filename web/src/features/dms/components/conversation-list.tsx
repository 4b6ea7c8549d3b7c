import { useState } from 'react';
import { DM_PAGE_TEXTS, PRESENCE_LIMITS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { usePresence } from '../../presence';
import type { Conversation } from '../types';
import { ConversationRow } from './conversation-row';

/** Rows laid out at first, and added by each press of 'Show … more'. */
const ROWS_STEP = 50;

interface ConversationListProps {
  /** Names the list. */
  label: string;
  conversations: Conversation[];
  onOpen: (conversation: Conversation) => void;
  /** Whether the rows are on screen, so that their DM partners' presence is watched. */
  visible?: boolean;
  className?: string;
}

/**
 * Conversations, the first 50 shown and 50 more on each press of the button under them: a list of
 * a thousand is not laid out at once (docs/dms.md). The DM partners of the rows shown, in the
 * list's order, are watched for presence (docs/presence.md), as many as a presence socket takes.
 */
export function ConversationList({
  label,
  conversations,
  onOpen,
  visible = true,
  className,
}: ConversationListProps) {
  const [shown, setShown] = useState(ROWS_STEP);
  const rows = conversations.slice(0, shown);
  const partners = rows.flatMap((c) => (c.kind === 'direct' && c.other_user ? [c.other_user] : []));
  const online = usePresence(visible ? partners.slice(0, PRESENCE_LIMITS.watchMax) : []);
  const left = conversations.length - rows.length;
  return (
    <>
      <ul aria-label={label} className={className}>
        {rows.map((c) => (
          <ConversationRow
            key={c.room}
            conversation={c}
            onOpen={onOpen}
            isOnline={c.other_user ? online[c.other_user] : undefined}
          />
        ))}
      </ul>
      {left > 0 && (
        <Button variant="ghost" size="sm" className="m-1" onClick={() => setShown((n) => n + ROWS_STEP)}>
          {DM_PAGE_TEXTS.showMore(Math.min(ROWS_STEP, left), left)}
        </Button>
      )}
    </>
  );
}
