import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  ASSISTANT_TEXTS,
  type ChatMessage,
  type InterviewConfirmResponse,
  type InterviewState,
} from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { useRoomTree } from '../../rooms';
import { assistantKeys } from '../api/assistant-keys';
import { useConfirmInterview } from '../api/confirm-interview';
import { useAssistantRoom } from '../api/get-assistant-room';
import { useInterview } from '../api/get-interview';
import {
  cardErrors,
  courseNames,
  draftFromState,
  emptyInterviewDraft,
  mergeReading,
  toConfirmBody,
  type CardField,
  type InterviewDraft,
} from '../lib/interview-card';
import { AssistantConversation } from './assistant-conversation';
import { InterviewCard } from './interview-card';
import { InterviewQuickReplies } from './quick-replies';

function CardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading what the interview understood"
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5"
    >
      <Skeleton className="h-5 w-40" />
      {[1, 2, 3, 4].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The card beside the conversation: what the interview understood, editable, then confirmed. */
function InterviewPanel() {
  const query = useInterview();
  const tree = useRoomTree();
  const names = useMemo(() => courseNames(tree.data ?? []), [tree.data]);
  const confirm = useConfirmInterview();
  const [draft, setDraft] = useState<InterviewDraft>(emptyInterviewDraft);
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(() => new Set());
  const [seen, setSeen] = useState<InterviewState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<InterviewConfirmResponse | null>(null);

  // A newer reading (after each bot reply) fills the fields the user has not edited.
  if (query.data && query.data !== seen) {
    setSeen(query.data);
    setDraft(seen === null ? draftFromState(query.data) : mergeReading(draft, touched, query.data));
  }

  if (query.isPending) return <CardSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        message="Failed to load what the interview understood"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const onChange = (field: CardField, next: InterviewDraft, errorPath: string = field) => {
    setDraft(next);
    setTouched((prev) => new Set(prev).add(field));
    setSaved(null);
    if (errors[errorPath] || errors[field]) {
      setErrors((prev) => {
        const copy = { ...prev };
        delete copy[errorPath];
        delete copy[field];
        return copy;
      });
    }
  };

  const onSave = () => {
    confirm.mutate(toConfirmBody(draft), {
      onSuccess: (answer) => {
        toast.success(ASSISTANT_TEXTS.interviewSaved);
        setErrors({});
        setSaved(answer);
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? cardErrors(err.fields) : {};
        const reason = errorText(err, '');
        toast.error(ASSISTANT_TEXTS.interviewSaveFailed, reason ? { description: reason } : undefined);
        setErrors(fields);
      },
    });
  };

  return (
    <InterviewCard
      draft={draft}
      errors={errors}
      courseNames={names}
      saving={confirm.isPending}
      saved={saved}
      onChange={onChange}
      onSave={onSave}
    />
  );
}

/**
 * /matchmaking_bot: the interview in the user's private room with the interview bot, and beside
 * it (below on small screens) the card of what it understood (docs/assistants.md).
 */
export function InterviewPage() {
  const { username } = useSession();
  const room = useAssistantRoom('interview');
  const queryClient = useQueryClient();
  const bot = room.data?.bot_username;

  const onMessage = useCallback(
    (message: ChatMessage) => {
      if (message.username === bot)
        void queryClient.invalidateQueries({ queryKey: assistantKeys.interview() });
    },
    [bot, queryClient],
  );

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title="Matchmaking interview"
        description="Tell the assistant about your studies in your own words. It fills in your profile and your matchmaking for you to check."
      />
      {room.isPending ? (
        <div
          role="status"
          aria-label="Opening the interview"
          className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]"
        >
          <Skeleton className="h-[28rem] w-full rounded-xl" />
          <Skeleton className="h-[28rem] w-full rounded-xl" />
        </div>
      ) : room.isError ? (
        <ErrorState
          message="Failed to open the interview"
          onRetry={() => void room.refetch()}
          retrying={room.isFetching}
        />
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <AssistantConversation
            roomId={room.data.room_id}
            me={username}
            label="Interview"
            emptyText="The interviewer is getting ready…"
            onMessage={onMessage}
            aboveComposer={(tools) => <InterviewQuickReplies tools={tools} bot={bot} />}
            className="h-[65dvh] lg:sticky lg:top-20 lg:h-[calc(100dvh-12rem)]"
          />
          <InterviewPanel />
        </div>
      )}
    </section>
  );
}
