import { NOTIFICATION_LEVELS, UNREAD_TEXTS, type RoomDetail } from '@studium/protocol';
import {
  DropdownMenuCheckboxItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import { useSetNotificationLevel } from '../api/set-notification-level';

/** The room menu's notification levels, for members (the detail sends their level). */
export function NotificationLevelItems({ room }: { room: RoomDetail }) {
  const { mutate, isPending } = useSetNotificationLevel();
  const current = room.read_state?.notification_level;
  if (!current) return null;
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="text-xs text-muted-fg">{UNREAD_TEXTS.levelMenu}</DropdownMenuLabel>
      {NOTIFICATION_LEVELS.map((level) => (
        <DropdownMenuCheckboxItem
          key={level}
          checked={current === level}
          disabled={isPending}
          onSelect={() => level !== current && mutate({ room: room.id, level })}
        >
          {UNREAD_TEXTS.levels[level]}
        </DropdownMenuCheckboxItem>
      ))}
    </>
  );
}
