import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationServerFrame } from '@studium/protocol';
import { applyNotificationFrame } from '../../notifications/api/notification-cache';
import { partyKeys } from './get-active-party';
import { matchmakingKeys } from '../../../lib/query-keys';

const note = (kind: Notification['kind']): Notification => ({
  id: 1,
  kind,
  room: null,
  room_name: '',
  message_id: null,
  actor: 'ann',
  text: "ann's party wants to study CS-101 with yours",
  created_at: '2026-01-01T00:00:00Z',
  read_at: null,
  is_withheld: false,
});

const KEYS: QueryKey[] = [
  partyKeys.active(),
  partyKeys.candidates(7),
  matchmakingKeys.matches('tutor'),
  matchmakingKeys.recs('tutor', 3),
];

/** A cache holding every matchmaking list, fresh; the frame goes through the socket's one entry point. */
function staleAfter(frame: NotificationServerFrame): boolean[] {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, {});
  applyNotificationFrame(client, frame);
  return KEYS.map((key) => client.getQueryState(key)?.isInvalidated ?? false);
}

describe('matchmaking lists on the notification socket', () => {
  it('go stale, group and tutoring alike, with a match notification, and with no other notification', () => {
    const match: NotificationServerFrame = {
      type: 'notification.created',
      notification: note('match'),
      unread: {},
      unread_count: 1,
    };
    expect(staleAfter(match)).toEqual([true, true, true, true]);
    expect(staleAfter({ ...match, notification: note('dm') })).toEqual([false, false, false, false]);
  });

  it("go stale, the group's only, with a change of a party offer, and not with new counts", () => {
    expect(staleAfter({ type: 'party.offer', party_id: 7, other_party_id: 8, state: 'DECLINED' })).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(staleAfter({ type: 'notification.counts', unread: {}, unread_count: 0 })).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
