import { useCallback } from 'react';
import { Lightbulb } from 'lucide-react';
import type { ChatMessage } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../auth';
import { useAssistantRoom } from '../api/get-assistant-room';
import { EXAMPLE_PROMPTS, isQuestion } from '../lib/discovery';
import { AssistantConversation, type ConversationTools } from './assistant-conversation';
import { DiscoveredRooms } from './discovered-rooms';

/** Example requests to start from, until the user has asked something. */
function ExamplePrompts({ messages, send, me }: ConversationTools & { me: string | null }) {
  if (messages.some((m) => isQuestion(m, me))) return null;
  return (
    <div className="border-t border-border px-3 py-2 sm:px-4">
      <p className="mb-1.5 flex items-center gap-1 text-xs text-muted-fg">
        <Lightbulb aria-hidden="true" className="size-3.5" />
        Try asking
      </p>
      <ul className="flex flex-wrap gap-1.5">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => void send(prompt)}
              className="rounded-full border border-border bg-surface-2 px-3 py-1 text-xs text-fg hover:border-border-strong focus-visible:outline-2 focus-visible:outline-ring"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /discovery_bot: the user says what they look for; the discovery bot answers live in their
 * private room, and under each request come the rooms that fit it (docs/assistants.md).
 */
export function DiscoveryPage() {
  const { username } = useSession();
  const room = useAssistantRoom('discovery');
  const footer = useCallback(
    (message: ChatMessage) =>
      isQuestion(message, username) ? <DiscoveredRooms question={message.message} /> : null,
    [username],
  );

  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-3xl flex-col">
      <PageHeader
        title="Discovery bot"
        description="Say what you are studying or stuck on, in your own words; the bot points you to rooms worth joining."
      />
      {room.isPending ? (
        <div role="status" aria-label="Opening the discovery bot">
          <Skeleton className="h-[28rem] w-full rounded-xl" />
        </div>
      ) : room.isError ? (
        <ErrorState
          message="Failed to open the discovery bot"
          onRetry={() => void room.refetch()}
          retrying={room.isFetching}
        />
      ) : (
        <AssistantConversation
          roomId={room.data.room_id}
          me={username}
          label="Discovery conversation"
          emptyText="The discovery bot is getting ready…"
          messageFooter={footer}
          aboveComposer={(tools) => <ExamplePrompts {...tools} me={username} />}
          className="h-[calc(100dvh-14rem)]"
        />
      )}
    </section>
  );
}
