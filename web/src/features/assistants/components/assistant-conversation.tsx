import { useCallback, useState, type ReactNode } from 'react';
import { WifiOff } from 'lucide-react';
import type { ChatMessage } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { Composer, ExternalLinkDialog, MessageList, useChatRoom } from '../../chat';

export interface ConversationTools {
  /** The room's messages as shown (stored ones, then a reply still streaming). */
  messages: ChatMessage[];
  /** Sends a text as the user's next message; false when it could not be sent. */
  send: (text: string) => Promise<boolean>;
}

interface AssistantConversationProps {
  roomId: number;
  me: string | null;
  /** The accessible name of the conversation region. */
  label: string;
  emptyText: string;
  onMessage?: (message: ChatMessage) => void;
  messageFooter?: (message: ChatMessage) => ReactNode;
  /** Rendered between the messages and the composer (e.g. suggested prompts). */
  aboveComposer?: (tools: ConversationTools) => ReactNode;
  className?: string;
}

const noop = () => undefined;

/**
 * A conversation with an assistant in its private room: the chat's own live room hook, message
 * list and composer, without replies, reactions or edits.
 */
export function AssistantConversation(props: AssistantConversationProps) {
  const { roomId, me, label, emptyText, onMessage, messageFooter, aboveComposer, className } = props;
  const { messageWindow, live, actions } = useChatRoom({ roomId, me, canReconnect: true, onMessage });
  const [externalHref, setExternalHref] = useState<string | null>(null);
  const { send: sendDraft } = actions;
  const send = useCallback(
    (text: string) => sendDraft({ content: text, replyTo: null, mentions: [] }),
    [sendDraft],
  );

  return (
    <section
      aria-label={label}
      className={cn(
        'flex min-h-[22rem] flex-col overflow-hidden rounded-xl border border-border bg-surface',
        className,
      )}
    >
      {live.status === 'open' ? null : (
        <p
          role="status"
          className="flex items-center gap-1 border-b border-border px-4 py-2 text-xs text-muted-fg"
        >
          <WifiOff aria-hidden="true" className="size-3" />
          {live.status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </p>
      )}
      {messageWindow.load === 'loading' ? (
        <div className="flex flex-1 flex-col justify-end gap-4 p-4" aria-busy="true">
          <span className="sr-only">Loading the conversation</span>
          {[70, 45].map((w) => (
            <div key={w} className="flex gap-3" aria-hidden="true">
              <Skeleton className="size-8 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-3 w-24" />
                <Skeleton className="h-3" style={{ width: `${w}%` }} />
              </div>
            </div>
          ))}
        </div>
      ) : messageWindow.load === 'error' ? (
        <div className="flex flex-1 items-center justify-center p-4">
          <ErrorState message="Failed to load the conversation" onRetry={messageWindow.retry} />
        </div>
      ) : (
        // No MessageActionsContext: an assistant's messages take no replies, reactions or edits.
        <MessageList
          messageWindow={messageWindow}
          me={me}
          onExternalLink={setExternalHref}
          messageFooter={messageFooter}
          emptyText={emptyText}
          outbox={live.outbox}
        />
      )}
      {messageWindow.load === 'ready' && aboveComposer
        ? aboveComposer({ messages: messageWindow.messages, send })
        : null}
      <Composer
        me={me}
        replyTo={null}
        editing={null}
        onCancelReply={noop}
        onCancelEdit={noop}
        onEditLast={noop}
        onSend={actions.send}
        onSaveEdit={actions.edit}
      />
      <ExternalLinkDialog href={externalHref} onClose={() => setExternalHref(null)} />
    </section>
  );
}
