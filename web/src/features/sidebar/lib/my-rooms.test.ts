import { describe, expect, it } from 'vitest';
import type { Conversation, RoomListItem } from '@studium/protocol';
import { buildMyRooms } from './my-rooms';

const treeRoom = (id: number, name: string, last: string | null, joined: boolean): RoomListItem => ({
  id,
  name,
  slug: name,
  path: name,
  depth: 0,
  message_count: 0,
  last_message_at: last,
  ...(joined ? { read_state: { unread: id, mentions: 0 } } : {}),
});

const conversation = (room: number, kind: Conversation['kind'], timestamp: string | null): Conversation => ({
  room,
  kind,
  other_user: kind === 'direct' ? `user${room}` : null,
  group_name: kind === 'group' ? `group${room}` : null,
  last_message: null,
  timestamp,
  last_mention_at: null,
  has_unread_mention: false,
  mention_unread_count: 0,
  read_state: { unread: 2, mentions: 1 },
});

describe('buildMyRooms', () => {
  it('keeps the tree rooms the user belongs to, newest activity first, silent ones last', () => {
    const mine = buildMyRooms(
      [
        treeRoom(1, 'old', '2026-01-01T00:00:00Z', true),
        treeRoom(2, 'silent', null, true),
        treeRoom(3, 'new', '2026-02-01T00:00:00Z', true),
        treeRoom(4, 'not joined', '2026-03-01T00:00:00Z', false),
      ],
      [],
    );
    expect(mine.rooms.map((r) => r.title)).toEqual(['new', 'old', 'silent']);
    expect(mine.rooms[0]).toMatchObject({ room: 3, unread: 3, mentions: 0 });
  });

  it('splits conversations into direct messages and groups, each newest first, with their counts', () => {
    const mine = buildMyRooms(undefined, [
      conversation(1, 'direct', '2026-01-01T00:00:00Z'),
      conversation(2, 'group', null),
      conversation(3, 'direct', '2026-02-01T00:00:00Z'),
      conversation(4, 'group', '2026-01-01T00:00:00Z'),
    ]);
    expect(mine.direct.map((r) => r.title)).toEqual(['user3', 'user1']);
    expect(mine.group.map((r) => r.title)).toEqual(['group4', 'group2']);
    expect(mine.direct[0]).toMatchObject({ unread: 2, mentions: 1 });
  });
});
