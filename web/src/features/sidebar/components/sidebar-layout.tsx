import { useEffect } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { paths } from '../../../config/paths';
import { useMediaQuery } from '../../../lib/use-media-query';
import { setSidebarDrawerOpen, useSidebarDrawerOpen } from '../lib/drawer-state';
import { MyRoomsSidebar } from './my-rooms-sidebar';

/** From 1024 px the sidebar is beside the screen (`lg:`); below, only in the drawer. */
const WIDE = '(min-width: 1024px)';

/**
 * The screens with the sidebar of the user's rooms (/home and every chat, docs/rooms.md): beside
 * the screen from 1024 px, else in a drawer that the navbar's 'My rooms' button opens and that
 * Escape, a tap on the backdrop or choosing a room closes.
 */
export default function SidebarLayout() {
  const { pathname } = useLocation();
  const drawerOpen = useSidebarDrawerOpen();
  // Rendered at build time (the page's frame) as on a wide screen.
  const wide = useMediaQuery(WIDE, true);
  const currentRoom = matchPath(paths.chat.pattern, pathname)?.params.roomName;
  // Any other way to a new screen (a link in the chat, the back button) closes the drawer too.
  useEffect(() => setSidebarDrawerOpen(false), [pathname]);
  // Leaving these screens leaves no drawer open for the next visit.
  useEffect(() => () => setSidebarDrawerOpen(false), []);

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6">
      <div className="hidden lg:block">
        <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto pr-1">
          <MyRoomsSidebar currentRoom={currentRoom} hidden={!wide} />
        </div>
      </div>
      <div className="min-w-0">
        <RadixDialog.Root open={drawerOpen} onOpenChange={setSidebarDrawerOpen}>
          <RadixDialog.Portal>
            <RadixDialog.Overlay
              data-testid="sidebar-backdrop"
              className="fixed inset-0 z-40 bg-(--overlay)"
            />
            <RadixDialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-3 overflow-y-auto border-r border-border bg-surface p-4 shadow-pop"
            >
              <div className="flex items-center justify-between gap-2">
                <RadixDialog.Title className="text-base font-semibold text-fg">My rooms</RadixDialog.Title>
                <RadixDialog.Close
                  aria-label="Close"
                  className="-m-1 rounded-md p-1 text-muted-fg hover:bg-surface-2 hover:text-fg"
                >
                  <X aria-hidden="true" className="size-5" />
                </RadixDialog.Close>
              </div>
              <MyRoomsSidebar currentRoom={currentRoom} onOpenRoom={() => setSidebarDrawerOpen(false)} />
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
        <Outlet />
      </div>
    </div>
  );
}
