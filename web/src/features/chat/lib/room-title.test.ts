import { describe, expect, it } from 'vitest';
import { isDirectMessageRoom, roomTitle } from './room-title';

const member = (username: string) => ({
  username,
  display_name: username,
  role: 'member' as const,
  is_self: false,
});

describe('room titles', () => {
  it('recognises DMs by name prefix or kind', () => {
    expect(isDirectMessageRoom({ name: 'dm:ana:bob', kind: 'group' })).toBe(true);
    expect(isDirectMessageRoom({ name: 'dm_ana_bob', kind: 'group' })).toBe(true);
    expect(isDirectMessageRoom({ name: 'Anything', kind: 'dm' })).toBe(true);
    expect(isDirectMessageRoom({ name: 'dmitri', kind: 'public' })).toBe(false);
    expect(isDirectMessageRoom({ name: 'CS 101', kind: 'public' })).toBe(false);
  });

  it("titles a DM with the other person's name, from members or the path", () => {
    expect(
      roomTitle(
        { name: 'x', kind: 'dm', path: 'dm:ana:bob', members: [member('ana'), member('bob')] },
        'bob',
        '3',
      ),
    ).toBe('ana');
    expect(roomTitle({ name: 'dm:ana:bob', kind: 'group', path: 'dm:ana:bob' }, 'ana', '3')).toBe('bob');
  });

  it('falls back to name, then path, then the route name', () => {
    expect(roomTitle({ name: 'CS 101', kind: 'public', path: 'a.b' }, 'ana', '3')).toBe('CS 101');
    expect(roomTitle({ name: '', kind: 'public', path: 'a.b' }, 'ana', '3')).toBe('a.b');
    expect(roomTitle({ name: '', kind: 'public', path: '' }, 'ana', '3')).toBe('3');
    expect(roomTitle(null, 'ana', '3')).toBe('3');
  });
});
