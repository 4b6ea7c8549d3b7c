import { ChevronRight, Home } from 'lucide-react';
import type { RoomListItem } from '@studium/protocol';
import { humanizeSegment, pathPrefixes, visibleSegments } from '../lib/room-path';

interface RoomBreadcrumbProps {
  path: string;
  rooms: RoomListItem[];
  segments: number;
  onNavigate: (path: string) => void;
}

const crumbClasses = 'max-w-[12rem] truncate rounded-sm px-1 hover:text-accent-text hover:underline';

/** Home plus the last segments of the current path (leading ellipsis when cut). */
export function RoomBreadcrumb({ path, rooms, segments, onNavigate }: RoomBreadcrumbProps) {
  const { truncated, shown } = visibleSegments(pathPrefixes(path), segments);
  const nameOf = (prefix: string, segment: string) =>
    rooms.find((r) => r.path === prefix)?.name ?? humanizeSegment(segment);
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-muted-fg">
        <li>
          <button
            type="button"
            onClick={() => onNavigate('')}
            className={`${crumbClasses} inline-flex items-center gap-1`}
          >
            <Home aria-hidden="true" className="size-4" />
            Home
          </button>
        </li>
        {truncated ? (
          <li className="flex items-center gap-1" aria-hidden="true">
            <ChevronRight className="size-4" />…
          </li>
        ) : null}
        {shown.map((crumb, i) => {
          const last = i === shown.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
              {last ? (
                <span aria-current="page" className="max-w-[12rem] truncate px-1 font-medium text-fg">
                  {nameOf(crumb.path, crumb.segment)}
                </span>
              ) : (
                <button type="button" onClick={() => onNavigate(crumb.path)} className={crumbClasses}>
                  {nameOf(crumb.path, crumb.segment)}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
