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
    const { message, changed } = await editMessage(
      ctx,
      caller.user,
      frame.message_id,
      frame.content,
      frame.client_id,
    );
    // An edit that changed nothing (a retry of one already stored) is announced to nobody: this
    // socket still hears that its edit is in, so a retrying client can let it go.
    if (!changed && frame.client_id)
      caller.reply({
        type: 'edit',
        id: message.id,
        message: message.message,
        edited_at: message.edited_at,
        edit_count: message.edit_count,
        client_id: frame.client_id,
      });
  });

  actions.register('delete_message', deleteMessageFrame, async (ctx, caller, frame) => {
    await deleteMessage(ctx, caller.user, frame.message_id);
  });

  actions.register('react_message', reactMessageFrame, async (ctx, caller, frame) => {
    await toggleReaction(ctx, caller.user, frame.message_id, frame.emoji);
  });
}
