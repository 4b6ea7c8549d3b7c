import { describe, expect, it } from 'vitest';
import { firstUnreadId, mentionLabel, unreadLabel } from './unread-labels';

describe('unread labels', () => {
  it('names counts for screen readers, capped at 99+', () => {
    expect(unreadLabel(1)).toBe('1 unread message');
    expect(unreadLabel(3)).toBe('3 unread messages');
    expect(unreadLabel(100)).toBe('99+ unread messages');
    expect(mentionLabel(1)).toBe('1 mention');
    expect(mentionLabel(2)).toBe('2 mentions');
  });

  it('puts the divider at the first message after the marker by someone else', () => {
    const messages = [
      { id: 1, username: 'ana' },
      { id: 2, username: 'me' },
      { id: 3, username: 'ana' },
    ];
    expect(firstUnreadId(messages, 1, 'me')).toBe(3);
    expect(firstUnreadId(messages, 3, 'me')).toBeNull();
    expect(firstUnreadId(messages, null, 'me')).toBeNull();
    expect(firstUnreadId(messages, 0, 'me')).toBe(1);
  });
});
