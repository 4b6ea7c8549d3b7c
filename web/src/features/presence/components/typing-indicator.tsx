import { typingText } from '@studium/protocol';

/** '{name} is typing…' under the messages; an empty live region when nobody is. */
export function TypingIndicator({ names }: { names: string[] }) {
  const text = typingText(names);
  return (
    <p aria-live="polite" data-testid="typing-indicator" className="h-5 px-4 text-xs text-muted-fg italic">
      {text}
    </p>
  );
}
