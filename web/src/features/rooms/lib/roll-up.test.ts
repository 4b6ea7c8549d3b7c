import { describe, expect, it } from 'vitest';
import type { RoomListItem } from '@studium/protocol';
import { rollUpTree } from './roll-up';

let nextId = 1;
function room(path: string, extra: Partial<RoomListItem> = {}): RoomListItem {
  const slug = path.split('.').at(-1) ?? path;
  return {
    id: nextId++,
    name: slug,
    slug,
    path,
    depth: path.split('.').length - 1,
    message_count: 0,
    last_message_at: null,
    ...extra,
  };
}

describe('rollUpTree', () => {
  const tree = [
    room('science'),
    room('science.cs', { message_count: 2, last_message_at: '2026-01-02T00:00:00Z' }),
    room('science.cs.cs-101', {
      message_count: 5,
      last_message_at: '2026-01-05T00:00:00Z',
      read_state: { unread: 3, mentions: 1 },
    }),
    room('science.math.m-1', { message_count: 1, read_state: { unread: 2, mentions: 0 } }),
    room('arts', { message_count: 4, last_message_at: '2026-01-01T00:00:00Z' }),
  ];
  const byPath = new Map(rollUpTree(tree).map((r) => [r.path, r]));

  it('adds every descendant to a faculty: messages, latest activity, unread and mentions', () => {
    const science = byPath.get('science');
    expect(science?.message_count).toBe(8);
    expect(science?.last_message_at).toBe('2026-01-05T00:00:00Z');
    expect(science?.read_state).toEqual({ unread: 5, mentions: 1 });
    expect(science?.has_children).toBe(true);
  });

  it('adds a programme its own courses only, on top of its own numbers', () => {
    const cs = byPath.get('science.cs');
    expect(cs?.message_count).toBe(7);
    expect(cs?.read_state).toEqual({ unread: 3, mentions: 1 });
  });

  it('leaves leaves and rooms without memberships below as they are', () => {
    expect(byPath.get('science.cs.cs-101')?.has_children).toBe(false);
    expect(byPath.get('science.cs.cs-101')?.message_count).toBe(5);
    expect(byPath.get('arts')?.read_state).toBeUndefined();
    expect(byPath.get('arts')?.has_children).toBe(false);
  });

  it('does not change the rooms it was given', () => {
    expect(tree[0]?.message_count).toBe(0);
    expect(tree[0]?.read_state).toBeUndefined();
  });
});
