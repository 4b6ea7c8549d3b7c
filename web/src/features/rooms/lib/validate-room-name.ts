import { CHAT_TEXTS, LIMITS } from '@studium/protocol';

/** Room rename rule of spec §5: the trimmed name, or the error text. */
export function validateRoomName(raw: string): { name: string; error: string | null } {
  const name = raw.trim();
  if (!name) return { name, error: CHAT_TEXTS.rooms.nameRequired };
  if (name.length > LIMITS.roomNameMax) return { name, error: CHAT_TEXTS.rooms.nameTooLong };
  return { name, error: null };
}
