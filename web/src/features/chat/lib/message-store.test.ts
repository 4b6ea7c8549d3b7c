import { describe, expect, it } from 'vitest';
import { DELETED_USERNAME, type ChatMessage } from '@studium/protocol';
import {
  initialMessageState,
  isTombstone,
  messageReducer,
  visibleMessages,
  type MessageAction,
} from './message-store';
import { previewText, roomSocketUrl } from './text';

const msg = (id: number, username = 'ana', message = `m${id}`): ChatMessage => ({
  id,
  username,
  message,
  timestamp: '2026-01-01T00:00:00Z',
  reply_to: null,
  reactions: {},
  edited_at: null,
  edit_count: 0,
  is_bot: false,
  can_edit: false,
  can_delete: false,
});
const run = (...actions: MessageAction[]) => actions.reduce(messageReducer, initialMessageState);

describe('messageReducer', () => {
  it('merges history pages and counts prepended items for the list index', () => {
    const s1 = run({ type: 'history', messages: [msg(5), msg(6)], hasMore: true, me: null });
    expect(s1.firstItemIndex).toBe(initialMessageState.firstItemIndex);
    const s2 = messageReducer(s1, { type: 'history', messages: [msg(3), msg(4)], hasMore: false, me: null });
    expect(s2.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(s2.firstItemIndex).toBe(initialMessageState.firstItemIndex - 2);
    expect(s2.hasMore).toBe(false);
    const s3 = messageReducer(s2, { type: 'history', messages: [msg(6), msg(7)], me: null });
    expect(s3.messages.map((m) => m.id)).toEqual([3, 4, 5, 6, 7]);
    expect(s3.firstItemIndex).toBe(s2.firstItemIndex);
  });

  it('replaces what was loaded with the latest page when the catch-up does not reach it, keeping newer live messages', () => {
    const s1 = run(
      { type: 'history', messages: [msg(1), msg(2)], hasMore: false, me: null },
      // A live message that arrived while the catch-up pages loaded.
      { type: 'message', message: msg(900), me: null },
      { type: 'latest', messages: [msg(700), msg(800)] },
    );
    // 3 to 699 are older pages, not a gap: paging back from 700 reaches them.
    expect(s1.messages.map((m) => m.id)).toEqual([700, 800, 900]);
    expect(s1.hasMore).toBe(true);
    expect(s1.hasMoreAfter).toBe(false);
    expect(s1.firstItemIndex).toBe(initialMessageState.firstItemIndex);
    expect(s1.windowSeq).toBe(1);
  });

  it('dedupes live messages and bumps ownSeq only for new own messages', () => {
    const s1 = run(
      { type: 'message', message: msg(1, 'me'), me: 'me' },
      { type: 'message', message: msg(1, 'me'), me: 'me' },
    );
    expect(s1.messages).toHaveLength(1);
    expect(s1.ownSeq).toBe(1);
    expect(messageReducer(s1, { type: 'message', message: msg(2, 'bob'), me: 'me' }).ownSeq).toBe(1);
  });

  it('applies edits and reactions', () => {
    const s = run(
      { type: 'history', messages: [msg(1)], me: null },
      {
        type: 'edit',
        frame: { type: 'edit', id: 1, message: 'new', edited_at: '2026-01-02T00:00:00Z', edit_count: 1 },
      },
      { type: 'reaction', id: 1, reactions: { '👍': 2 } },
    );
    expect(s.messages[0]).toMatchObject({ message: 'new', edit_count: 1, reactions: { '👍': 2 } });
  });

  it('streams bot deltas into a temporary message that the final message replaces', () => {
    const s1 = run(
      { type: 'history', messages: [msg(1)], me: null },
      { type: 'bot_stream', username: 'bot', delta: 'Hel' },
      { type: 'bot_stream', username: 'bot', delta: 'lo' },
      { type: 'bot_stream', username: 'other_bot', delta: 'Hi' },
    );
    const shown = visibleMessages(s1);
    expect(shown.map((m) => m.message)).toEqual(['m1', 'Hello', 'Hi']);
    expect(shown[1]!.id).toBeLessThan(0);
    expect(shown[2]!.id).toBeLessThan(shown[1]!.id);
    const s2 = messageReducer(s1, { type: 'message', message: msg(2, 'bot', 'Hello!'), me: 'me' });
    expect(visibleMessages(s2).map((m) => m.message)).toEqual(['m1', 'Hello!', 'Hi']);
  });
});

describe('helpers', () => {
  it('previews and socket urls', () => {
    expect(previewText('a\n  b', 50)).toBe('a b');
    expect(previewText('x'.repeat(60), 50)).toBe(`${'x'.repeat(50)}…`);
    expect(roomSocketUrl(7, { protocol: 'https:', host: 'a.b' })).toBe('wss://a.b/ws/room/7/');
    expect(roomSocketUrl('7', { protocol: 'http:', host: 'localhost:8000' })).toBe(
      'ws://localhost:8000/ws/room/7/',
    );
  });
});

describe('tombstones', () => {
  it("show a deleted account's messages as the deleted user's, without text", () => {
    const s = run(
      { type: 'history', messages: [msg(1, 'gone'), msg(2, 'bob'), msg(3, 'gone')], me: null },
      { type: 'tombstone', ids: [1, 3] },
    );
    expect(s.messages.map((m) => [m.username, m.message])).toEqual([
      [DELETED_USERNAME, ''],
      ['bob', 'm2'],
      [DELETED_USERNAME, ''],
    ]);
  });
});

describe('deleted messages, windows and reply counts', () => {
  const reply = (id: number, to: number): ChatMessage => ({ ...msg(id), reply_to: to });

  it('turn a deleted message into a tombstone, without rights, and take its reply off the count', () => {
    const s = run(
      {
        type: 'history',
        messages: [
          { ...msg(1), reply_count: 1 },
          { ...reply(2, 1), can_edit: true, can_delete: true },
        ],
        me: null,
      },
      { type: 'reaction', id: 2, reactions: { '👍': 2 } },
      { type: 'deleted', frame: { id: 2, deleted_at: '2026-01-02T00:00:00Z', reply_to: 1 } },
      { type: 'deleted', frame: { id: 2, deleted_at: '2026-01-02T00:00:00Z', reply_to: 1 } },
    );
    expect(s.messages[1]).toMatchObject({
      message: '',
      reactions: {},
      deleted_at: '2026-01-02T00:00:00Z',
      can_edit: false,
      can_delete: false,
    });
    expect(isTombstone(s.messages[1]!)).toBe(true);
    expect(s.messages[0]?.reply_count).toBe(0);
  });

  it('count a new live reply on the message it replies to', () => {
    const s = run(
      { type: 'history', messages: [msg(1)], me: null },
      { type: 'message', message: reply(2, 1), me: null },
      { type: 'message', message: reply(2, 1), me: null },
    );
    expect(s.messages[0]?.reply_count).toBe(1);
  });

  it('replace the list by a window, page newer, and keep live messages out of the gap', () => {
    const s1 = run(
      { type: 'history', messages: [msg(90), msg(91)], me: null },
      { type: 'window', messages: [msg(10), msg(11)], hasMore: true, hasMoreAfter: true },
    );
    expect(s1.messages.map((m) => m.id)).toEqual([10, 11]);
    expect(s1).toMatchObject({ hasMore: true, hasMoreAfter: true, windowSeq: 1 });
    const s2 = messageReducer(s1, { type: 'message', message: msg(95), me: null });
    expect(s2.messages.map((m) => m.id)).toEqual([10, 11]);
    const s3 = messageReducer(s2, { type: 'newer', messages: [msg(12), msg(13)], hasMoreAfter: false });
    expect(s3.messages.map((m) => m.id)).toEqual([10, 11, 12, 13]);
    expect(s3.hasMoreAfter).toBe(false);
    const s4 = messageReducer(s3, { type: 'message', message: msg(96), me: null });
    expect(s4.messages.at(-1)?.id).toBe(96);
  });
});
