import { describe, expect, it } from 'vitest';
import { applyUnreadFrame, EMPTY_UNREAD, sumUnread } from './unread';

const notification = {
  id: 1,
  kind: 'dm' as const,
  room: 7,
  room_name: 'dm:a:b',
  message_id: 3,
  actor: 'a',
  text: 'hi',
  created_at: '2025-01-01T00:00:00Z',
  read_at: null,
};

describe('unread count rules', () => {
  it('uses unread_count when present', () => {
    const next = applyUnreadFrame(EMPTY_UNREAD, { type: 'notification.init', unread: { 7: 2 }, unread_count: 5 });
    expect(next).toEqual({ count: 5, byRoom: { 7: 2 } });
  });
  it('falls back to the sum of the unread map', () => {
    expect(applyUnreadFrame(EMPTY_UNREAD, { type: 'notification.counts', unread: { 1: 2, 4: 3 } }).count).toBe(5);
    expect(sumUnread({ 1: 2, 2: -1, 3: Number.NaN })).toBe(2);
  });
  it('adds one on a creation without data', () => {
    const one = applyUnreadFrame({ count: 2, byRoom: { 7: 2 } }, { type: 'notification.created', notification });
    expect(one).toEqual({ count: 3, byRoom: { 7: 3 } });
  });
  it('keeps the count for counts/init frames without data', () => {
    const state = { count: 4, byRoom: {} };
    expect(applyUnreadFrame(state, { type: 'notification.counts' })).toBe(state);
  });
  it('prefers unread_count over the map and clamps negatives', () => {
    expect(applyUnreadFrame(EMPTY_UNREAD, { type: 'notification.created', notification, unread: { 7: 9 }, unread_count: 1 }).count).toBe(1);
    expect(applyUnreadFrame({ count: 3, byRoom: {} }, { type: 'notification.counts', unread_count: -2 }).count).toBe(0);
  });
  it('an unread_count of 0 clears the badge', () => {
    expect(applyUnreadFrame({ count: 3, byRoom: { 7: 3 } }, { type: 'notification.counts', unread: {}, unread_count: 0 })).toEqual({ count: 0, byRoom: {} });
  });
});
