import type { ReactNode } from 'react';

/** `text` with the server's [start, end) ranges wrapped in <mark>. */
export function HighlightedText({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-accent-soft px-0.5 text-fg">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <span className="break-words whitespace-pre-wrap">{parts}</span>;
}
