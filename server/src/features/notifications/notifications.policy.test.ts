import { describe, expect, it } from 'vitest';
import { canSeeNotification, chooseRecipients } from './notifications.policy';

const open = { kind: 'public' as const, is_public_readable: 1, is_write_gated: 1, owner_id: null };
const membersOnly = { ...open, is_public_readable: 0 };
const dm = { ...membersOnly, kind: 'dm' as const };
const group = { ...membersOnly, kind: 'group' as const };
const none = new Set<number>();

describe('who a message notifies', () => {
  it('notifies a mentioned reader of a public room, never the author', () => {
    expect(
      chooseRecipients({ room: open, authorId: 1, mentionedIds: [2, 1], replyAuthorId: null, members: none }),
    ).toEqual(new Map([[2, 'mention']]));
  });
  it('notifies in a members-only room only its members', () => {
    expect(
      chooseRecipients({
        room: membersOnly,
        authorId: 1,
        mentionedIds: [2, 3],
        replyAuthorId: 4,
        members: new Set([3, 4]),
      }),
    ).toEqual(
      new Map([
        [3, 'mention'],
        [4, 'reply'],
      ]),
    );
  });
  it('lets a mention win over a reply, and a reply over a DM', () => {
    expect(
      chooseRecipients({
        room: dm,
        authorId: 1,
        mentionedIds: [],
        replyAuthorId: 2,
        members: new Set([1, 2]),
      }),
    ).toEqual(new Map([[2, 'reply']]));
    expect(
      chooseRecipients({
        room: dm,
        authorId: 1,
        mentionedIds: [2],
        replyAuthorId: 2,
        members: new Set([1, 2]),
      }),
    ).toEqual(new Map([[2, 'mention']]));
    expect(
      chooseRecipients({
        room: dm,
        authorId: 1,
        mentionedIds: [],
        replyAuthorId: null,
        members: new Set([1, 2]),
      }),
    ).toEqual(new Map([[2, 'dm']]));
  });
  it('notifies every other member of a group', () => {
    expect(
      chooseRecipients({
        room: group,
        authorId: 1,
        mentionedIds: [9],
        replyAuthorId: 1,
        members: new Set([1, 2, 3]),
      }),
    ).toEqual(
      new Map([
        [2, 'group_message'],
        [3, 'group_message'],
      ]),
    );
  });
  it("lets each member's level filter: mute nothing, mentions only mentions and replies, all every message", () => {
    const members = new Set([2, 3, 4, 5]);
    const levels = new Map([
      [2, 'mute' as const],
      [3, 'mentions' as const],
      [4, 'all' as const],
      [5, null],
    ]);
    expect(
      chooseRecipients({ room: open, authorId: 1, mentionedIds: [2], replyAuthorId: null, members, levels }),
    ).toEqual(new Map([[4, 'room_message']]));
    expect(
      chooseRecipients({ room: group, authorId: 1, mentionedIds: [], replyAuthorId: 3, members, levels }),
    ).toEqual(
      new Map([
        [3, 'reply'],
        [4, 'group_message'],
        [5, 'group_message'],
      ]),
    );
  });

  it('never notifies a user banned from the room, mentioned or replied to', () => {
    expect(
      chooseRecipients({
        room: open,
        authorId: 1,
        mentionedIds: [2, 3],
        replyAuthorId: 2,
        members: new Set([3]),
        banned: new Set([2]),
      }),
    ).toEqual(new Map([[3, 'mention']]));
  });
});

describe('what a notification may show its reader now', () => {
  const reader = { id: 7 };
  it('shows one without a room, and one of a room the reader still reads', () => {
    expect(canSeeNotification(reader, null, undefined)).toBe(true);
    expect(canSeeNotification(reader, open, undefined)).toBe(true);
    expect(canSeeNotification(reader, group, { role: 'member' })).toBe(true);
  });
  it('withholds it once the reader is banned, removed, gone from a conversation or locked out', () => {
    expect(canSeeNotification(reader, open, { role: 'banned' })).toBe(false);
    expect(canSeeNotification(reader, membersOnly, undefined)).toBe(false);
    expect(canSeeNotification(reader, dm, undefined)).toBe(false);
    expect(canSeeNotification(reader, group, undefined)).toBe(false);
  });
});
