import { roomBannedResponse, type RoomBanNotice } from '@studium/protocol';
import { ApiError } from '../../../lib/api-client';

/** The user's own ban, when a room refused them for it (its 403 carries the ban); else null. */
export function banFromError(error: unknown): RoomBanNotice | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const parsed = roomBannedResponse.safeParse(error.data);
  return parsed.success ? parsed.data.ban : null;
}
