import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@studium/protocol';
import { continuesGroup, groupedIds } from './grouping';

const at = (minutes: number) => new Date(2026, 0, 10, 12, minutes).toISOString();
const msg = (
  id: number,
  username: string,
  minutes: number,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  username,
  message: `m${id}`,
  timestamp: at(minutes),
  reply_to: null,
  reactions: {},
  edited_at: null,
  edit_count: 0,
  is_bot: false,
  can_edit: false,
  can_delete: false,
  ...extra,
});

describe('grouped messages', () => {
  it('groups one author’s messages within five minutes of the one before', () => {
    const list = [msg(1, 'ana', 0), msg(2, 'ana', 3), msg(3, 'ana', 8), msg(4, 'ana', 14)];
    expect([...groupedIds(list, null)]).toEqual([2, 3]);
  });

  it('starts a new group for another author, a reply, a bot, a deleted message and the unread divider', () => {
    expect(continuesGroup(msg(1, 'ana', 0), msg(2, 'ben', 1), null)).toBe(false);
    expect(continuesGroup(msg(1, 'ana', 0), msg(2, 'ana', 1, { reply_to: 1 }), null)).toBe(false);
    expect(continuesGroup(msg(1, 'bot', 0, { is_bot: true }), msg(2, 'bot', 1, { is_bot: true }), null)).toBe(
      false,
    );
    expect(continuesGroup(msg(1, 'ana', 0, { deleted_at: at(1) }), msg(2, 'ana', 1), null)).toBe(false);
    expect(continuesGroup(msg(1, 'ana', 0), msg(2, 'ana', 1), 2)).toBe(false);
    expect(continuesGroup(msg(1, 'ana', 0), msg(2, 'ana', 1), null, (m) => m.id === 1)).toBe(false);
  });

  it('never groups across midnight', () => {
    const late = { ...msg(1, 'ana', 0), timestamp: new Date(2026, 0, 10, 23, 58).toISOString() };
    const early = { ...msg(2, 'ana', 0), timestamp: new Date(2026, 0, 11, 0, 1).toISOString() };
    expect(continuesGroup(late, early, null)).toBe(false);
  });
});
