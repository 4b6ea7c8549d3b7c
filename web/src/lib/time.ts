const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time (docs/chat.md): under 1 minute 'Just now', under 60 minutes 'Nm ago',
 * under 24 hours 'Nh ago', otherwise 'Nd ago'. Future times (clock skew) count as 'Just now'.
 */
export function formatRelativeTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const then = value instanceof Date ? value.getTime() : new Date(value).getTime();
  const nowMs = now instanceof Date ? now.getTime() : now;
  const diff = nowMs - then;
  if (!Number.isFinite(diff) || diff < MINUTE) return 'Just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  return `${Math.floor(diff / DAY)}d ago`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Message timestamp (docs/chat.md): time only (hh:mm) if today, otherwise the en-GB date plus hh:mm.
 * Uses the viewer's local time zone.
 */
export function formatMessageTimestamp(
  value: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  const today = now instanceof Date ? now : new Date(now);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const sameDay =
    date.getFullYear() === today.getFullYear() &&
    date.getMonth() === today.getMonth() &&
    date.getDate() === today.getDate();
  return sameDay ? time : `${date.toLocaleDateString('en-GB')} ${time}`;
}
