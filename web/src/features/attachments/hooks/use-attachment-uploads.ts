import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, megabytes, type Attachment } from '@studium/protocol';
import { errorText } from '../../../lib/api-client';
import { attachmentKeys, useAttachmentLimits } from '../api/get-attachment-limits';
import { uploadAttachment } from '../api/upload-attachment';

export interface PendingUpload {
  key: string;
  name: string;
  progress: number;
  /** Set once the server stored it. */
  attachment: Attachment | null;
  error: string | null;
}

let counter = 0;

/**
 * The composer's uploads to one room: each file starts uploading when added (button, drop or
 * paste), shows its progress, and its id goes with the next message. A refused file shows the
 * server's reason (size, quota, kind) and is dropped.
 */
export function useAttachmentUploads(roomId: number | undefined) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const queryClient = useQueryClient();
  const limits = useAttachmentLimits(roomId !== undefined).data;
  const aborts = useRef(new Map<string, AbortController>());

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        if (roomId === undefined) return;
        // Known limits refuse at once, without sending the bytes; the server checks again.
        if (limits && file.size > limits.max_bytes) {
          toast.error(ATTACHMENT_TEXTS.tooLarge(megabytes(limits.max_bytes)));
          continue;
        }
        const key = `u${++counter}`;
        const controller = new AbortController();
        aborts.current.set(key, controller);
        setUploads((list) => {
          if (list.length >= ATTACHMENT_LIMITS.perMessageMax) {
            toast.error(ATTACHMENT_TEXTS.tooMany(ATTACHMENT_LIMITS.perMessageMax));
            controller.abort();
            return list;
          }
          return [
            ...list,
            { key, name: file.name || 'pasted image', progress: 0, attachment: null, error: null },
          ];
        });
        if (controller.signal.aborted) continue;
        uploadAttachment(roomId, file, (progress) => patch(key, { progress }), controller.signal)
          .then((attachment) => patch(key, { attachment, progress: 100 }))
          .catch((err: unknown) => {
            if (controller.signal.aborted) return;
            const message = errorText(err, ATTACHMENT_TEXTS.uploadFailed);
            toast.error(message);
            setUploads((list) => list.filter((u) => u.key !== key));
          })
          .finally(() => {
            aborts.current.delete(key);
            void queryClient.invalidateQueries({ queryKey: attachmentKeys.limits });
          });
      }
    },
    [roomId, limits, queryClient],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    setUploads((list) => list.filter((u) => u.key !== key));
  }, []);

  const reset = useCallback(() => setUploads([]), []);

  return {
    uploads,
    /** The server's limits and the bytes used, once loaded. */
    limits,
    add,
    remove,
    reset,
    /** Ids of the stored uploads, in the order added. */
    ids: uploads.flatMap((u) => (u.attachment ? [u.attachment.id] : [])),
    /** Some upload is still on its way: Send waits. */
    busy: uploads.some((u) => !u.attachment),
  };
}
