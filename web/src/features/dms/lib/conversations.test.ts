import { describe, expect, it } from 'vitest';
import { DM_PAGE_TEXTS } from '@studium/protocol';
import type { Conversation } from '../types';
import {
  buildSections,
  conversationPreview,
  conversationTitle,
  matchesQuery,
  sortConversations,
} from './conversations';

function conv(partial: Partial<Conversation> & { room: number }): Conversation {
  return {
    kind: 'direct',
    other_user: `user${partial.room}`,
    group_name: null,
    last_message: null,
    timestamp: null,
    last_mention_at: null,
    has_unread_mention: false,
    mention_unread_count: 0,
    ...partial,
  };
}

describe('sortConversations', () => {
  it('puts the newest first and entries without a timestamp last', () => {
    const list = [
      conv({ room: 1, timestamp: null }),
      conv({ room: 2, timestamp: '2025-01-01T10:00:00Z' }),
      conv({ room: 3, timestamp: '2025-03-01T10:00:00Z' }),
      conv({ room: 4, timestamp: null }),
      conv({ room: 5, timestamp: 'not a date' }),
      conv({ room: 6, timestamp: '2025-02-01T10:00:00Z' }),
    ];
    expect(sortConversations(list).map((c) => c.room)).toEqual([3, 6, 2, 1, 4, 5]);
    expect(list[0]!.room).toBe(1);
  });
});

describe('titles and previews', () => {
  it('shows the other user, or name · StudyRoom for a group', () => {
    expect(conversationTitle(conv({ room: 1, other_user: 'ana' }))).toBe('ana');
    expect(
      conversationTitle(conv({ room: 2, kind: 'group', other_user: null, group_name: 'Calc crew' })),
    ).toBe('Calc crew · StudyRoom');
  });
  it('falls back to the default texts', () => {
    expect(conversationPreview(conv({ room: 1, last_message: 'hey' }))).toBe('hey');
    expect(conversationPreview(conv({ room: 1, kind: 'group', has_unread_mention: true }))).toBe(
      DM_PAGE_TEXTS.noMessagesGroup,
    );
    expect(conversationPreview(conv({ room: 1, kind: 'group' }))).toBe(
      'No messages yet. Start a conversation with your group.',
    );
    expect(conversationPreview(conv({ room: 1, last_message: '  ' }))).toBe(
      'No messages yet. Say hello to start chatting.',
    );
  });
});

describe('search and sections', () => {
  const list = [
    conv({ room: 1, other_user: 'Alice', timestamp: '2025-01-01T00:00:00Z' }),
    conv({ room: 2, other_user: 'bob', timestamp: '2025-01-02T00:00:00Z' }),
    conv({ room: 3, kind: 'group', other_user: null, group_name: 'Algebra club' }),
  ];
  it('searches the members of groups too', () => {
    const group = conv({ room: 9, kind: 'group', group_name: 'Algebra club', members: ['Maya', 'ola'] });
    expect(matchesQuery(group, 'maya')).toBe(true);
    expect(matchesQuery(group, 'zed')).toBe(false);
    expect(DM_PAGE_TEXTS.found(1)).toBe('Found 1 result');
    expect(DM_PAGE_TEXTS.found(0)).toBe('Found 0 results');
  });

  it('searches users and groups case-insensitively', () => {
    expect(matchesQuery(list[0]!, 'ALI')).toBe(true);
    expect(matchesQuery(list[2]!, 'algebra')).toBe(true);
    expect(matchesQuery(list[2]!, 'StudyRoom')).toBe(false);
  });
  it('splits, sorts and counts', () => {
    const all = buildSections(list, '');
    expect(all).toMatchObject({ searching: false, total: 3 });
    expect(all.direct.map((c) => c.room)).toEqual([2, 1]);
    expect(all.group.map((c) => c.room)).toEqual([3]);
    const bob = buildSections(list, ' bo ');
    expect(bob).toMatchObject({ searching: true, total: 1 });
    expect(bob.group).toEqual([]);
    expect(buildSections(list, 'al').total).toBe(2);
  });
  it('keeps every match of a search in one list, newest first, whatever its kind', () => {
    expect(buildSections(list, 'al').matches.map((c) => c.room)).toEqual([1, 3]);
  });
});
