import { useState } from 'react';
import { Bot, Info, MoreHorizontal, Pencil } from 'lucide-react';
import { ASSISTANT_TEXTS, type RoomDetail } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { NotificationLevelItems } from '../../unread/components/notification-level-items';
import { RoomDetailsDialog } from './room-details-dialog';
import { RoomNameEditor } from './room-name-editor';

/**
 * The chat header's room actions: details, the bot switch (in the details) and rename (the
 * dialog's editor) when allowed; in a
 * room that allows bots, a note that a bot may read it.
 */
export function RoomActions({ room, defaultOpen }: { room: RoomDetail; defaultOpen?: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [details, setDetails] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Room actions">
            <MoreHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDetails(true)}>
            <Info aria-hidden="true" className="size-4" />
            Room details
          </DropdownMenuItem>
          {room.can_set_bot_allowed ? (
            <DropdownMenuItem onSelect={() => setDetails(true)}>
              <Bot aria-hidden="true" className="size-4" />
              Allow bots…
            </DropdownMenuItem>
          ) : null}
          {room.can_rename ? (
            <DropdownMenuItem onSelect={() => setRenaming(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Rename room
            </DropdownMenuItem>
          ) : null}
          <NotificationLevelItems room={room} />
          {room.is_bot_allowed ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel className="flex max-w-64 gap-2 text-xs font-normal whitespace-normal text-muted-fg">
                <Bot aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                {ASSISTANT_TEXTS.botRoomNotice}
              </DropdownMenuLabel>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={renaming} onOpenChange={setRenaming}>
        <DialogContent title="Rename room">
          <RoomNameEditor
            roomId={room.id}
            name={room.name}
            canRename={room.can_rename}
            editing
            onEditingChange={(editing) => !editing && setRenaming(false)}
          />
        </DialogContent>
      </Dialog>
      <RoomDetailsDialog
        roomId={details ? room.id : null}
        onOpenChange={(open) => !open && setDetails(false)}
      />
    </>
  );
}
