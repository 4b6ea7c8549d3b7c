import { lazy, Suspense, useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import type { RoomDetail } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { loadAfterFirstScreen } from '../../../lib/use-after-first-screen';

// The room's menu (and the menu library under it) loads after the room, once the browser is idle
// after its first render: no message waits for it, nor shares the link with it. Offline, it is
// asked for again until it comes, the stand-in button in its place meanwhile.
const RoomActions = lazy(() =>
  loadAfterFirstScreen(() => import('./room-actions')).then((m) => ({ default: m.RoomActions })),
);

/**
 * The chat header's room actions; until the menu has loaded, its button opens it once it is there.
 * A press counts from its pointerdown, as the menu's own trigger opens on it: the menu may arrive
 * between the press and its release, and the click then lands on neither button.
 */
export function LazyRoomActions({ room }: { room: RoomDetail }) {
  const [wanted, setWanted] = useState(false);
  const loading = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Room actions"
      aria-haspopup="menu"
      aria-busy="true"
      onPointerDown={() => setWanted(true)}
      onClick={() => setWanted(true)}
    >
      <MoreHorizontal aria-hidden="true" className="size-5" />
    </Button>
  );
  return (
    <Suspense fallback={loading}>
      <RoomActions room={room} defaultOpen={wanted} />
    </Suspense>
  );
}
