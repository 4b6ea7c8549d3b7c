import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CHAT_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useRoomDetail } from '../api/get-room';
import { RoomDetailsBody } from './room-details-body';

const LOAD_FAILED = 'Failed to load room details';

interface RoomDetailsDialogProps {
  roomId: number | null;
  onOpenChange: (open: boolean) => void;
}

/** Room details (docs/rooms.md): spinner, error with Retry, or the fields; Close, Escape or outside click. */
export function RoomDetailsDialog({ roomId, onOpenChange }: RoomDetailsDialogProps) {
  const open = roomId !== null;
  const query = useRoomDetail(roomId, { enabled: open });
  const [editing, setEditing] = useState(false);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (query.isError && !notFound) toast.error(LOAD_FAILED, { id: `room-details-${roomId}` });
  }, [query.isError, query.errorUpdatedAt, notFound, roomId]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(false);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={query.data?.name ? `Room details: ${query.data.name}` : 'Room details'}
        onEscapeKeyDown={(event) => {
          // Escape leaves the rename editor first; the dialog stays open.
          if (editing) event.preventDefault();
        }}
      >
        {query.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner size="lg" label="Loading room details" />
          </div>
        ) : query.isError ? (
          <ErrorState
            message={notFound ? CHAT_TEXTS.rooms.notFound : LOAD_FAILED}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : !query.data ? (
          <p className="py-6 text-center text-sm text-muted-fg">No details found for this room.</p>
        ) : (
          <RoomDetailsBody room={query.data} editing={editing} onEditingChange={setEditing} />
        )}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
