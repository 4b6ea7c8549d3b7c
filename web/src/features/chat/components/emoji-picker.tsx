import { EmojiPicker } from 'frimousse';
import { EMOJI_DATA_BASE } from '../../../config/emoji';

/**
 * The searchable emoji picker (frimousse: keyboard navigable, virtualized), styled as the app.
 * Its data comes from our own server. Loaded only when a picker opens (emoji-picker-button.tsx).
 */
export default function ReactionPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker.Root
      className="isolate flex h-[22rem] w-[19rem] flex-col rounded-lg bg-surface"
      data-testid="emoji-picker"
      emojibaseUrl={EMOJI_DATA_BASE}
      columns={8}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
    >
      <EmojiPicker.Search
        // The picker opened to be searched: typing goes there at once.
        autoFocus
        aria-label="Search emoji"
        placeholder="Search emoji…"
        className="z-10 mx-2 mt-2 h-9 appearance-none rounded-md border border-border-strong bg-surface px-2.5 text-sm text-fg placeholder:text-muted-fg focus-visible:outline-2 focus-visible:outline-ring"
      />
      <EmojiPicker.Viewport className="relative flex-1 outline-hidden">
        <EmojiPicker.Loading className="absolute inset-0 flex items-center justify-center text-sm text-muted-fg">
          Loading…
        </EmojiPicker.Loading>
        <EmojiPicker.Empty className="absolute inset-0 flex items-center justify-center text-sm text-muted-fg">
          No emoji found.
        </EmojiPicker.Empty>
        <EmojiPicker.List
          className="pb-1.5 select-none"
          components={{
            CategoryHeader: ({ category, ...props }) => (
              <div className="bg-surface px-3 pt-3 pb-1.5 text-xs font-medium text-muted-fg" {...props}>
                {category.label}
              </div>
            ),
            Row: ({ children, ...props }) => (
              <div className="scroll-my-1.5 px-1.5" {...props}>
                {children}
              </div>
            ),
            Emoji: ({ emoji, ...props }) => (
              <button
                className="flex size-8 items-center justify-center rounded-md text-lg data-[active]:bg-surface-2"
                aria-label={emoji.label}
                {...props}
              >
                {emoji.emoji}
              </button>
            ),
          }}
        />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}
