import { LIMITS, TEXTS } from '@studium/protocol';

/** Text of the unread badge: hidden (null) at 0, the number up to 99, then '99+' (docs/notifications.md). */
export function formatBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  if (count > LIMITS.unreadBadgeCap) return TEXTS.nav.unreadCap;
  return String(Math.floor(count));
}
