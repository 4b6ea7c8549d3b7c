import { lazy, Suspense, useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { CHAT_TEXTS } from '@studium/protocol';
import { useMessageActionsContext } from '../hooks/use-message-actions';

// The menu (and the menu library under it) loads on the first press, not with the room.
const MessageMoreMenu = lazy(() => import('./message-more-menu'));

const t = CHAT_TEXTS.messageActions;

/** The 'More actions' button of a message; its menu comes on the first press (docs/chat.md). */
export function MessageMoreButton({ messageId, className }: { messageId: number; className: string }) {
  const actions = useMessageActionsContext();
  const [wanted, setWanted] = useState(false);
  if (!actions) return null;
  const button = (
    <button
      type="button"
      className={className}
      aria-label={t.more}
      title={t.more}
      aria-haspopup="menu"
      aria-busy={wanted || undefined}
      onClick={() => setWanted(true)}
    >
      <MoreHorizontal aria-hidden="true" className="size-4" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MessageMoreMenu messageId={messageId} className={className} />
    </Suspense>
  );
}
