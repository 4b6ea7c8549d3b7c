import { Link2, MoreHorizontal, Pin, PinOff } from 'lucide-react';
import { toast } from 'sonner';
import { CHAT_TEXTS } from '@studium/protocol';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useMessageActionsContext } from '../hooks/use-message-actions';

const t = CHAT_TEXTS.messageActions;
const p = CHAT_TEXTS.pins;

/** Copies `text`; false when the browser refuses (no permission, an insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'More actions' of a message: Copy link, and Pin or Unpin where the room allows the viewer.
 * Loaded on the first press (message-more-button.tsx), so it opens at once.
 */
export default function MessageMoreMenu({ messageId, className }: { messageId: number; className: string }) {
  const actions = useMessageActionsContext();
  if (!actions) return null;
  const pinned = actions.isPinned(messageId);
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <button type="button" className={className} aria-label={t.more} title={t.more}>
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuItem
          onSelect={() =>
            void copyText(actions.linkTo(messageId)).then((done) =>
              done ? toast.success(t.linkCopied) : toast.error(t.copyFailed),
            )
          }
        >
          <Link2 aria-hidden="true" className="size-4" />
          {t.copyLink}
        </DropdownMenuItem>
        {actions.canPin ? (
          <DropdownMenuItem onSelect={() => actions.togglePin(messageId, pinned)}>
            {pinned ? (
              <PinOff aria-hidden="true" className="size-4" />
            ) : (
              <Pin aria-hidden="true" className="size-4" />
            )}
            {pinned ? p.unpin : p.pin}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
