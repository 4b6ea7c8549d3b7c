import type { Notification } from '@studium/protocol';
import type { CurrentUser } from '../../context';
import type { Executor } from '../../db/schema';
import { membershipOf } from '../rooms/rooms.policy';
import { findRoomById, listBannedUserIds } from '../rooms/rooms.service';
import { canSeeNotification } from './notifications.policy';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repository';

/*
 * A notification shows what it is about only while its reader may read its room (docs/notifications.md):
 * the room's own read rule, asked again each time a notification is read or sent.
 */

/**
 * Those among `userIds` who may read the room at `at` (a handled report's reporter may have left
 * it meanwhile); 'all' for an event without a room.
 */
export async function listRoomReaders(
  db: Executor,
  roomId: number | null,
  userIds: number[],
  at: string,
): Promise<Set<number> | 'all'> {
  if (roomId === null) return 'all';
  const room = await findRoomById(db, roomId);
  if (!room || userIds.length === 0) return new Set();
  const roles = new Map((await repo.listMemberRoles(db, roomId, userIds)).map((r) => [r.user_id, r.role]));
  const banned = new Set(await listBannedUserIds(db, roomId, userIds, at));
  return new Set(
    userIds.filter((id) =>
      canSeeNotification({ id }, room, membershipOf(roles.get(id), banned.has(id) ? id : null)),
    ),
  );
}

type ListedNotification = Awaited<ReturnType<typeof repo.listNotifications>>[number];

/** A listed notification as its reader may see it now: the room's read rule, applied at read time. */
export function presentListed(user: CurrentUser, row: ListedNotification): Notification {
  let canSee: boolean;
  if (row.room_id === null) canSee = canSeeNotification(user, null, undefined);
  else if (row.room_kind === null) canSee = false;
  else {
    const room = {
      kind: row.room_kind,
      is_public_readable: row.is_public_readable ?? 0,
      is_write_gated: row.is_write_gated ?? 1,
      owner_id: row.owner_id,
    };
    canSee = canSeeNotification(user, room, membershipOf(row.member_role, row.ban_id));
  }
  return presentNotification(row, canSee);
}
