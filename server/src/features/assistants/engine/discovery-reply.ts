import { ASSISTANT_TEXTS } from '@studium/protocol';
import type { RoomHit } from './types';

/** The discovery bot's markdown answer: the rooms found, each with its path and why. */
export function discoveryReply(query: string, hits: RoomHit[]): string {
  if (hits.length === 0) return ASSISTANT_TEXTS.noRoomsFound;
  const q = query.replace(/\s+/g, ' ').trim().slice(0, 120);
  const lines = hits.map((h, i) => `${i + 1}. **${h.room.name}** (${h.room.path})\n   ${h.reason}`);
  const intro = hits.length === 1 ? `One room fits “${q}”:` : `These rooms fit “${q}”, best first:`;
  return `${intro}\n\n${lines.join('\n')}`;
}
