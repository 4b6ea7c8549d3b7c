import type { ChatMessage } from '@studium/protocol';
import { socketUrl } from '../../../lib/socket-url';

/**
 * A message's markdown as the plain text it renders to, for one-line previews (docs/chat.md):
 * fences and code spans keep their code, emphasis and strikethrough lose their markers, links
 * and images keep their text, and heading, quote and list markers go.
 */
export function markdownToPlainText(text: string): string {
  return text
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n?([\s\S]*?)(?:^ {0,3}\1[^\n]*$|$(?![\s\S]))/gm, '$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^ {0,3}#{1,6}\s+/gm, '')
    .replace(/^ {0,3}(?:>\s?)+/gm, '')
    .replace(/^ {0,3}(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(\*|_)(?=\S)([^*_\n]*?\S)\1(?![\w])/g, '$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
}

/** A one-line preview of a message as rendered text: whitespace collapsed, cut at `max` characters with '…'. */
export function previewText(text: string, max: number): string {
  const flat = markdownToPlainText(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A message's preview: its text, or for a message that is only attachments, their names after a paperclip. */
export function messagePreview(message: Pick<ChatMessage, 'message' | 'attachments'>, max: number): string {
  const text = previewText(message.message, max);
  if (text || !message.attachments?.length) return text;
  return previewText(`📎 ${message.attachments.map((a) => a.name).join(', ')}`, max);
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
