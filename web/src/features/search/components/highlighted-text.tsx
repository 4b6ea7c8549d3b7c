import type { ReactNode } from 'react';
import { plainTextPreview } from '../../../lib/plain-text';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A message as a plain-text preview with what matched marked. The server's [start, end) ranges
 * point into the markdown source, so the matched words are taken from there and marked wherever
 * they appear in the preview (its marks dropped, docs/search.md).
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  const plain = plainTextPreview(text);
  const words = [
    ...new Set(
      ranges
        .filter(([start, end]) => start >= 0 && end <= text.length && end > start)
        .map(([start, end]) => text.slice(start, end).toLowerCase()),
    ),
  ].sort((a, b) => b.length - a.length);
  const parts: ReactNode[] = [];
  if (words.length === 0) parts.push(plain);
  else {
    const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
    plain.split(pattern).forEach((part, i) => {
      if (!part) return;
      parts.push(
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-accent-soft px-0.5 text-fg">
            {part}
          </mark>
        ) : (
          part
        ),
      );
    });
  }
  return <span className="break-words whitespace-pre-wrap">{parts}</span>;
}
