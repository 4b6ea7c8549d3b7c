import { describe, expect, it } from 'vitest';
import type { BlocksResponse, ChatMessage } from '@studium/protocol';
import { hiddenReasonOf } from './hidden-reason';

const message = (username: string, hidden?: ChatMessage['hidden']): ChatMessage => ({
  id: 1,
  username,
  message: 'hi',
  timestamp: '2026-01-01T00:00:00.000Z',
  reply_to: null,
  reactions: {},
  edited_at: null,
  edit_count: 0,
  is_bot: false,
  can_edit: false,
  can_delete: false,
  ...(hidden === undefined ? {} : { hidden }),
});
const lists: BlocksResponse = {
  blocked: [{ username: 'Xavier', since: '2026-01-01T00:00:00.000Z' }],
  muted: [
    { username: 'mia', since: '2026-01-01T00:00:00.000Z' },
    { username: 'xavier', since: '2026-01-01T00:00:00.000Z' },
  ],
};

describe('hiddenReasonOf', () => {
  it('follows the lists over an answer read before a change (a block or an unmute since)', () => {
    expect(hiddenReasonOf(message('xavier', null), lists)).toBe('blocked');
    expect(hiddenReasonOf(message('someone', 'muted'), lists)).toBeNull();
  });

  it('follows the answer’s flag until the lists are loaded', () => {
    expect(hiddenReasonOf(message('xavier', 'blocked'), undefined)).toBe('blocked');
    expect(hiddenReasonOf(message('xavier', null), undefined)).toBeNull();
  });

  it('reads a live message’s author from the viewer’s lists, the block first, any case', () => {
    expect(hiddenReasonOf(message('xavier'), lists)).toBe('blocked');
    expect(hiddenReasonOf(message('MIA'), lists)).toBe('muted');
    expect(hiddenReasonOf(message('other'), lists)).toBeNull();
  });

  it('hides nothing while the lists are not loaded', () => {
    expect(hiddenReasonOf(message('xavier'), undefined)).toBeNull();
  });
});
