import { useCallback } from 'react';
import { toast } from 'sonner';
import { CHAT_TEXTS, type Mention, type SendMessageFrame } from '@studium/protocol';
import { errorText } from '../../../lib/api-client';
import { deleteMessage } from '../api/delete-message';
import { reactToMessage } from '../api/react-message';
import { newClientId } from '../lib/text';
import type { LiveRoom } from './use-live-room';
import type { MessageWindow } from './use-message-window';

export interface OutgoingDraft {
  content: string;
  replyTo: number | null;
  mentions: Mention[];
  /** Ids of stored uploads to send with the message. */
  attachments?: string[];
}

/**
 * What the viewer does to a room's messages: send and edit (through the outbox), react and delete
 * (over the live connection, REST while it is closed). The server decides whether each may be
 * done; a refusal comes back as a toast or a failed outbox entry.
 */
export function useRoomActions(messageWindow: MessageWindow, live: LiveRoom) {
  const { hasMoreAfter: viewingOlder, goLatest, dispatch } = messageWindow;
  const { send: socketSend, enqueue } = live;

  /** Puts a message in the outbox: shown at once as pending, sent until the server has it. */
  const send = useCallback(
    async ({ content, replyTo, mentions, attachments }: OutgoingDraft): Promise<boolean> => {
      // A message sent while reading older history shows at the bottom of the latest ones.
      if (viewingOlder) await goLatest();
      const frame: SendMessageFrame = {
        action: 'send_message',
        message: content,
        reply_to: replyTo,
        mentions,
        client_id: newClientId(),
        ...(attachments?.length ? { attachments } : {}),
      };
      enqueue(frame);
      return true;
    },
    [enqueue, viewingOlder, goLatest],
  );

  /** An edit goes through the outbox too: its new text shows as pending until confirmed. */
  const edit = useCallback(
    async (id: number, content: string): Promise<boolean> => {
      enqueue({ action: 'edit_message', message_id: id, content, client_id: newClientId() });
      return true;
    },
    [enqueue],
  );

  const react = useCallback(
    async (id: number, emoji: string) => {
      if (id < 0) return;
      if (offline()) return;
      if (socketSend({ action: 'react_message', message_id: id, emoji })) return;
      try {
        const { reactions } = await reactToMessage(id, emoji);
        dispatch({ type: 'reaction', id, reactions });
      } catch (err) {
        toast.error(errorText(err, 'Reaction failed'));
      }
    },
    [socketSend, dispatch],
  );

  const remove = useCallback(
    async (id: number): Promise<boolean> => {
      if (offline()) return false;
      if (socketSend({ action: 'delete_message', message_id: id })) return true;
      try {
        const tombstone = await deleteMessage(id);
        dispatch({
          type: 'deleted',
          frame: {
            id,
            deleted_at: tombstone.deleted_at ?? new Date().toISOString(),
            reply_to: tombstone.reply_to,
          },
        });
        return true;
      } catch (err) {
        toast.error(errorText(err, CHAT_TEXTS.chat.deleteFailed));
        return false;
      }
    },
    [socketSend, dispatch],
  );

  return { send, edit, react, remove };
}

/**
 * While the device is offline a reaction or a delete is refused at once, with a toast: unlike a
 * message or an edit it is not kept in the outbox, and a socket that has not noticed the lost
 * network yet would take it and drop it silently (docs/chat.md, "Outbox").
 */
function offline(): boolean {
  if (navigator.onLine) return false;
  toast.error(CHAT_TEXTS.chat.offlineAction, { id: 'chat-offline-action' });
  return true;
}

export type RoomActions = ReturnType<typeof useRoomActions>;
