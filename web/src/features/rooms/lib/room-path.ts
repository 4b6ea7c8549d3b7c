import { PATH_SEGMENTS_BY_WIDTH } from '@studium/protocol';

/** How many path segments fit at this window width (docs/rooms.md). */
export function segmentsForWidth(width: number): number {
  for (const [maxWidth, segments] of PATH_SEGMENTS_BY_WIDTH) if (width < maxWidth) return segments;
  return 4;
}

/** A slug as people read it: underscores become spaces. */
export function humanizeSegment(segment: string): string {
  return segment.replace(/_/g, ' ');
}

/** The last `max` segments of a dot-separated path, with a leading ellipsis when cut. */
export function visibleSegments<T>(segments: T[], max: number): { truncated: boolean; shown: T[] } {
  if (segments.length <= max) return { truncated: false, shown: segments };
  return { truncated: true, shown: segments.slice(segments.length - Math.max(1, max)) };
}

/** A card's shortened path: 'faculty › programme › course', leading '…' when truncated. */
export function shortenPath(path: string, max: number): string {
  const { truncated, shown } = visibleSegments(path.split('.').filter(Boolean), max);
  const text = shown.map(humanizeSegment).join(' › ');
  return truncated ? `… › ${text}` : text;
}

/** Breadcrumb entries of a path: each prefix with its last segment. */
export function pathPrefixes(path: string): Array<{ path: string; segment: string }> {
  const parts = path.split('.').filter(Boolean);
  return parts.map((segment, i) => ({ path: parts.slice(0, i + 1).join('.'), segment }));
}
