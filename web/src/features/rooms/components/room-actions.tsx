import { useState } from 'react';
import { Bot, Info, LogOut, MoreHorizontal, Pencil, UserPlus } from 'lucide-react';
import { ASSISTANT_TEXTS, GROUP_TEXTS, type RoomDetail } from '@studium/protocol';
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
import { AddMembersDialog, LeaveGroupDialog } from '../../dms';
import { NotificationLevelItems } from '../../unread';
import { RoomDetailsDialog } from './room-details-dialog';
import { RoomNameEditor } from './room-name-editor';

/**
 * The chat header's room actions: details, the bot switch (in the details), rename (the
 * dialog's editor), adding people (to a group, or to a members-only room) and, in a group,
 * leaving, each when the server allows it; in a room that allows bots, a note that a bot may read
 * it.
 */
export function RoomActions({ room, defaultOpen }: { room: RoomDetail; defaultOpen?: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [details, setDetails] = useState(false);
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState(false);
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
          {room.can_add_members ? (
            <DropdownMenuItem onSelect={() => setAdding(true)}>
              <UserPlus aria-hidden="true" className="size-4" />
              {GROUP_TEXTS.addMembers}
            </DropdownMenuItem>
          ) : null}
          <NotificationLevelItems room={room} />
          {room.can_leave ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setLeaving(true)}>
                <LogOut aria-hidden="true" className="size-4" />
                {GROUP_TEXTS.leave}
              </DropdownMenuItem>
            </>
          ) : null}
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
      {room.can_add_members ? <AddMembersDialog room={room} open={adding} onOpenChange={setAdding} /> : null}
      {room.can_leave ? <LeaveGroupDialog room={room} open={leaving} onOpenChange={setLeaving} /> : null}
      <RoomDetailsDialog
        roomId={details ? room.id : null}
        onOpenChange={(open) => !open && setDetails(false)}
      />
    </>
  );
}
