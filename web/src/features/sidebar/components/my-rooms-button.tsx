import { useLocation } from 'react-router';
import { PanelLeft } from 'lucide-react';
import { isChatRoomsActive } from '../../../config/paths';
import { setSidebarDrawerOpen, useSidebarDrawerOpen } from '../lib/drawer-state';

/**
 * The navbar's button that opens the sidebar as a drawer, below 1024 px on the screens that have
 * the sidebar (/home and the chats; docs/rooms.md).
 */
export function MyRoomsButton() {
  const { pathname } = useLocation();
  const open = useSidebarDrawerOpen();
  if (!isChatRoomsActive(pathname)) return null;
  return (
    <button
      type="button"
      aria-label="My rooms"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setSidebarDrawerOpen(true)}
      className="flex size-9 shrink-0 items-center justify-center rounded-md text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring lg:hidden"
    >
      <PanelLeft aria-hidden="true" className="size-5" />
    </button>
  );
}
