import { Link } from 'react-router';
import { BLOCKS_TEXTS, type SearchResult } from '@studium/protocol';
import { paths } from '../../../config/paths';
import { formatMessageTimestamp } from '../../../lib/time';
import { HighlightedText } from './highlighted-text';

/** Where a hit opens: its room, at that message. */
export const messageHref = (hit: Pick<SearchResult, 'id' | 'room'>) =>
  `${paths.chat.href(hit.room.path)}?message=${hit.id}`;

/**
 * One found message: room, author, time and the text with its matches marked. A blocked or muted
 * author's message shows collapsed, as in the room, where opening it lets a click show it
 * (docs/blocks.md).
 */
export function SearchHit({ hit, compact = false }: { hit: SearchResult; compact?: boolean }) {
  return (
    <Link
      to={messageHref(hit)}
      data-testid="search-hit"
      className="block rounded-lg px-4 py-3 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-fg">
        {compact ? null : <span className="font-semibold text-accent-text">#{hit.room.name}</span>}
        <span className="font-medium text-fg">{hit.username}</span>
        <time dateTime={hit.timestamp}>{formatMessageTimestamp(hit.timestamp)}</time>
      </span>
      <span className={compact ? 'mt-1 line-clamp-2 block text-sm' : 'mt-1 block text-sm text-fg'}>
        {hit.hidden ? (
          <span className="text-muted-fg italic">
            {hit.hidden === 'blocked' ? BLOCKS_TEXTS.blockedMessage : BLOCKS_TEXTS.mutedMessage}
          </span>
        ) : (
          <HighlightedText text={hit.message} ranges={hit.highlight} />
        )}
      </span>
    </Link>
  );
}
