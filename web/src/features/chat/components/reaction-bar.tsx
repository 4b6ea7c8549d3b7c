import type { ReactionCounts } from '@studium/protocol';
import { cn } from '../../../lib/cn';

/** The quick reactions with their accessible names (docs/chat.md). */
export const QUICK_REACTIONS: ReadonlyArray<readonly [emoji: string, name: string]> = [
  ['👍', 'thumbs up'],
  ['❤️', 'heart'],
  ['😆', 'laughing'],
];
const QUICK = new Set(QUICK_REACTIONS.map(([emoji]) => emoji));

interface ReactionBarProps {
  reactions: ReactionCounts;
  disabled?: boolean;
  onReact: (emoji: string) => void;
}

/**
 * Quick buttons (toggle) with counts and any other reaction the message already has; the picker
 * for any emoji is in the message toolbar.
 */
export function ReactionBar({ reactions, disabled, onReact }: ReactionBarProps) {
  const others = Object.entries(reactions).filter(([emoji, count]) => count > 0 && !QUICK.has(emoji));
  // The name holds the visible count ('thumbs up, 2' for '👍 2'): a speech-input user says
  // what they see, so the visible text must be part of the name; the emoji itself is hidden.
  const chip = (emoji: string, name: string, count: number) => (
    <button
      key={emoji}
      type="button"
      aria-label={count ? `${name}, ${count}` : name}
      title={count ? `${name}: ${count}` : name}
      disabled={disabled}
      onClick={() => onReact(emoji)}
      className={cn(
        'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs transition-colors',
        'disabled:pointer-events-none disabled:opacity-50',
        count
          ? 'border-accent/40 bg-accent-soft text-accent-text'
          : 'border-border text-muted-fg hover:bg-surface-2',
      )}
    >
      <span aria-hidden="true">{emoji}</span>
      {count ? <span data-testid="reaction-count">{count}</span> : null}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center gap-1">
      {QUICK_REACTIONS.map(([emoji, name]) => chip(emoji, name, reactions[emoji] ?? 0))}
      {others.map(([emoji, count]) => chip(emoji, emoji, count))}
    </div>
  );
}
