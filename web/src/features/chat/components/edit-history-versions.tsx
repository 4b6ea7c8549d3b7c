import { useQuery } from '@tanstack/react-query';
import { CHAT_TEXTS } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatMessageTimestamp } from '../../../lib/time';
import { getMessageHistory } from '../api/get-message-history';

const t = CHAT_TEXTS.chat;

/** A message's versions, newest first, the original last (the edit history dialog's content). */
export default function EditHistoryVersions({
  messageId,
  editCount,
}: {
  messageId: number;
  editCount: number;
}) {
  const history = useQuery({
    // A new edit changes edit_count, so the dialog never shows a stale list.
    queryKey: ['message-history', messageId, editCount],
    queryFn: () => getMessageHistory(messageId),
  });
  if (history.isPending)
    return (
      <div className="flex justify-center py-4">
        <Spinner size="sm" label="Loading the edit history" />
      </div>
    );
  if (history.isError)
    return <ErrorState message={t.editHistoryFailed} onRetry={() => void history.refetch()} />;
  return (
    <ol className="flex flex-col gap-3" aria-label="Versions, newest first">
      {history.data.versions.map((version, i) => (
        <li
          // The versions never reorder while the dialog is open.
          key={i}
          data-testid="message-version"
          className="rounded-md border border-border bg-surface-2 px-3 py-2"
        >
          <p className="mb-1 text-xs text-muted-fg">
            {version.edited_at ? (
              <time dateTime={version.edited_at}>{formatMessageTimestamp(version.edited_at)}</time>
            ) : (
              t.original
            )}
          </p>
          <p className="text-sm break-words whitespace-pre-wrap text-fg">{version.message}</p>
        </li>
      ))}
    </ol>
  );
}
