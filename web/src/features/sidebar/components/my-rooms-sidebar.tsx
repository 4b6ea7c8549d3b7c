import { useEffect, useMemo, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useSession } from '../../auth';
import { useConversations } from '../../dms';
import { useRoomTree } from '../../rooms';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { afterFirstScreen } from '../../../lib/use-after-first-screen';
import { useCollapsedSections } from '../hooks/use-collapsed-sections';
import { moveSidebarFocus, NAV_ITEM } from '../lib/keyboard';
import { buildMyRooms, type SidebarEntry, type SidebarSectionKey } from '../lib/my-rooms';
import { SidebarRow } from './sidebar-row';

const SECTIONS: ReadonlyArray<{ key: SidebarSectionKey; title: string; empty: string }> = [
  { key: 'rooms', title: 'Rooms', empty: 'Join a room from the room tree.' },
  { key: 'direct', title: 'Direct messages', empty: 'No direct messages yet.' },
  { key: 'group', title: 'Groups', empty: 'No groups yet.' },
];

export const SIDEBAR_LOAD_FAILED = 'This list could not be loaded.';

interface MyRoomsSidebarProps {
  /** The room the screen shows (its id or path), highlighted. */
  currentRoom?: string;
  /** Called when a room is chosen (the phone drawer closes). */
  onOpenRoom?: () => void;
  /**
   * The lists are not on screen (the sidebar beside the screen, below 1024 px): they are asked for
   * once the browser is idle after the screen has rendered, so the drawer has them when opened,
   * instead of in the screen's first render.
   */
  hidden?: boolean;
}

/**
 * The rooms the user belongs to (docs/rooms.md, "Sidebar"): joined tree rooms, direct messages and
 * groups, most recent activity first, with their counts. It reads the same cached lists as /home
 * and /dms, which the notification socket keeps current, so it follows without a query of its own.
 */
export function MyRoomsSidebar({ currentRoom, onOpenRoom, hidden = false }: MyRoomsSidebarProps) {
  const { username, isAuthenticated } = useSession();
  const [idle, setIdle] = useState(false);
  useEffect(() => (hidden && !idle ? afterFirstScreen(() => setIdle(true)) : undefined), [hidden, idle]);
  // Mounted for a moment after a logout (the layout outlives the session): nothing is asked then.
  const enabled = isAuthenticated && (!hidden || idle);
  const tree = useRoomTree({ enabled });
  const conversations = useConversations({ enabled });
  const mine = useMemo(
    () => buildMyRooms(tree.data, conversations.data?.conversations),
    [tree.data, conversations.data],
  );
  // A list not read yet is loading, not empty: it shows no count and no 'nothing yet' (the page's
  // prerendered frame, rendered before any session, shows the same).
  const source = (key: SidebarSectionKey) => (key === 'rooms' ? tree : conversations);
  const { isCollapsed, toggle } = useCollapsedSections(username ?? '');
  const currentPath = tree.data?.find((r) => r.path === currentRoom)?.id;
  const isCurrent = (entry: SidebarEntry) => String(entry.room) === currentRoom || entry.room === currentPath;

  return (
    <nav aria-label="My rooms" onKeyDown={moveSidebarFocus} className="flex flex-col gap-3 text-sm">
      {SECTIONS.map(({ key, title, empty }) => {
        const entries = mine[key];
        const { data, isError } = source(key);
        const loaded = data !== undefined;
        const open = !isCollapsed(key);
        const listId = `sidebar-${key}`;
        return (
          <section key={key} aria-labelledby={`${listId}-title`}>
            <h2 className="text-xs font-semibold tracking-wide text-muted-fg uppercase">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(key)}
                {...{ [NAV_ITEM]: '' }}
                className="flex w-full items-center gap-1 rounded-md px-2 py-1 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-3.5 transition-transform', !open && '-rotate-90')}
                />
                <span id={`${listId}-title`} className="flex-1">
                  {title}
                </span>
                <span className="font-normal">{loaded ? entries.length : null}</span>
              </button>
            </h2>
            {open ? (
              !loaded ? (
                <p id={listId} className="px-2 py-1 text-xs text-muted-fg">
                  {isError ? (
                    SIDEBAR_LOAD_FAILED
                  ) : (
                    <Spinner size="sm" label={`Loading ${title.toLowerCase()}`} />
                  )}
                </p>
              ) : entries.length > 0 ? (
                // Named by its section: a list name of its own would read 'Rooms' twice on /home.
                <ul id={listId} className="mt-1 flex flex-col gap-0.5">
                  {entries.map((entry) => (
                    <SidebarRow
                      key={entry.room}
                      entry={entry}
                      isCurrent={isCurrent(entry)}
                      onOpen={onOpenRoom}
                    />
                  ))}
                </ul>
              ) : (
                <p id={listId} className="px-2 py-1 text-xs text-muted-fg">
                  {empty}
                </p>
              )
            ) : null}
          </section>
        );
      })}
    </nav>
  );
}
