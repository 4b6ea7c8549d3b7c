import type { ChatMessage } from '@studium/protocol';
import type { OutboxEntry } from '../lib/outbox';
import { useLiveRoom } from './use-live-room';
import { useMessageWindow } from './use-message-window';
import { useRoomActions } from './use-room-actions';

interface ChatRoomOptions {
  roomId: number;
  me: string | null;
  /** Reconnect after unexpected closes: the viewer is a member or the room is publicly readable. */
  canReconnect: boolean;
  /** Called with every new or updated message that arrives live (e.g. to refresh what depends on a bot's reply). */
  onMessage?: (message: ChatMessage) => void;
  /** Open the room at this message (`?message=`) instead of at the latest. */
  initialMessageId?: number;
  /**
   * A refused send or edit: true when its text went back to the composer (docs/chat.md: Outbox).
   * `loaded` finds a loaded message (the one edited or replied to).
   */
  onRefused?: (entry: OutboxEntry, loaded: (id: number) => ChatMessage | undefined) => boolean;
  /** The live connection was refused (4003); without it the screen says 'No permission' and leaves. */
  onAccessLost?: () => void;
}

/**
 * One room's chat (docs/chat.md): the stretch of history on screen, the live connection that
 * keeps it current, and what the viewer does to its messages.
 */
export function useChatRoom({
  roomId,
  me,
  canReconnect,
  onMessage,
  initialMessageId,
  onRefused,
  onAccessLost,
}: ChatRoomOptions) {
  const messageWindow = useMessageWindow({ roomId, me, initialMessageId });
  const live = useLiveRoom({ roomId, me, canReconnect, messageWindow, onMessage, onRefused, onAccessLost });
  const actions = useRoomActions(messageWindow, live);
  return { messageWindow, live, actions };
}
