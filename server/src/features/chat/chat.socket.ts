import { deleteMessageFrame, editMessageFrame, reactMessageFrame, sendMessageFrame } from '@studium/protocol';
import type { SocketActions } from '../../realtime/socket-actions';
import { deleteMessage, editMessage, sendMessage } from './chat.service';
import { toggleReaction } from './reactions.service';

/**
 * The chat actions of the room socket. They call the same service functions as the REST
 * fallbacks; the result reaches this socket through the room broadcast like everyone else's.
 */
export function registerChatSocketActions(actions: SocketActions) {
  actions.register('send_message', sendMessageFrame, async (ctx, caller, frame) => {
    const { message, created } = await sendMessage(ctx, caller.user, caller.roomId, {
      content: frame.message,
      reply_to: frame.reply_to,
      mentions: frame.mentions,
      client_id: frame.client_id,
      attachments: frame.attachments,
    });
    // A retried send stored nothing new: echo the stored message to the retrying socket only.
    if (!created)
      caller.reply({
        type: 'message',
        ...message,
        ...(frame.client_id ? { client_id: frame.client_id } : {}),
      });
  });

  actions.register('edit_message', editMessageFrame, async (ctx, caller, frame) => {
    await editMessage(ctx, caller.user, frame.message_id, frame.content);
  });

  actions.register('delete_message', deleteMessageFrame, async (ctx, caller, frame) => {
    await deleteMessage(ctx, caller.user, frame.message_id);
  });

  actions.register('react_message', reactMessageFrame, async (ctx, caller, frame) => {
    await toggleReaction(ctx, caller.user, frame.message_id, frame.emoji);
  });
}
