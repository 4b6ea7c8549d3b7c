import { useNavigate } from 'react-router';
import { Flag } from 'lucide-react';
import { toast } from 'sonner';
import type { RoomListItem } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useJoinRoom } from '../api/join-room';

/** A room without children: offer to join it and open its chat. */
export function EndOfPath({ room }: { room: RoomListItem }) {
  const navigate = useNavigate();
  const join = useJoinRoom();
  const onJoin = () => {
    if (join.isPending) return;
    join.mutate(room.id, {
      onSuccess: () => {
        toast.success(`Joined ${room.name}`);
        void navigate(paths.chat.href(room.id));
      },
      onError: (err) => toast.error(errorText(err, 'Join failed')),
    });
  };
  return (
    <EmptyState
      icon={Flag}
      title="You've reached the end of this path."
      description="Join the room to take part in its chat."
      action={
        <Button onClick={onJoin} loading={join.isPending}>
          Join {room.name}
        </Button>
      }
    />
  );
}
