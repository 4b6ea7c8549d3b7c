import { describe, expect, it } from 'vitest';
import { notificationDetail, notificationHref, notificationTitle, roomLabel } from './describe';

describe('notification texts', () => {
  it('names the actor and the room', () => {
    expect(notificationTitle({ kind: 'mention', actor: 'ana', room_name: 'Philosophy' })).toBe(
      'ana mentioned you in Philosophy',
    );
    expect(notificationTitle({ kind: 'dm', actor: 'ana', room_name: 'dm:ana:bo' })).toBe(
      'ana sent you a message',
    );
    expect(notificationTitle({ kind: 'reply', actor: null, room_name: 'dm:ana:bo' })).toBe(
      'Someone replied to you in Direct message',
    );
    expect(notificationTitle({ kind: 'group_added', actor: 'ana', room_name: 'Exam prep' })).toBe(
      'ana added you to Exam prep',
    );
    expect(notificationTitle({ kind: 'report_handled', actor: 'ana', room_name: 'Exam prep' })).toBe(
      'Your report was handled',
    );
    expect(roomLabel('Group X')).toBe('Group X');
  });
  it('links to the room with the message id', () => {
    expect(notificationHref({ kind: 'dm', room: 7, message_id: 12 })).toBe('/chat/7?message=12');
    expect(notificationHref({ kind: 'dm', room: 7, message_id: null })).toBe('/chat/7');
    expect(notificationHref({ kind: 'match', room: null, message_id: null })).toBe('/matchmake');
    // A handled report has nothing to open: the room may be closed to the reporter now.
    expect(notificationHref({ kind: 'report_handled', room: 7, message_id: null })).toBe('/notifications');
  });
  it('says a withheld notification is no longer available, names no room and leads nowhere', () => {
    const n = { kind: 'mention', actor: null, room_name: '', text: '', is_withheld: true } as const;
    expect(notificationTitle(n)).toBe('Notification no longer available');
    expect(notificationDetail(n)).toBe('You no longer have access to where this happened.');
    expect(notificationHref({ ...n, room: null, message_id: null })).toBe('/notifications');
    expect(notificationDetail({ text: 'hi', is_withheld: false })).toBe('hi');
  });
});
