import { socketUrl } from '../../../lib/socket-url';

/** A one-line preview of a message: whitespace collapsed, cut at `max` characters with '…'. */
export function previewText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A per-send idempotency key (the server drops a repeated one); falls back where randomUUID is unavailable. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** ws: or wss: per the page's protocol (docs/chat.md). */
export function roomSocketUrl(room: string | number, location: Pick<Location, 'protocol' | 'host'>): string {
  return socketUrl(`/ws/room/${encodeURIComponent(String(room))}/`, location);
}
