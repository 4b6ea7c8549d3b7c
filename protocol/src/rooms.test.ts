import { describe, expect, it } from 'vitest';
import { isRoomRef } from './rooms';

describe('isRoomRef', () => {
  it('accepts every kind of room id and path the server makes', () => {
    for (const ref of [
      '42',
      'science',
      'science.computer_science.cs-101.tutors',
      'dm:alice:bob_2',
      'group:-Ab3_x9KqL2mN',
      'assistant:discovery:17',
      'room_123_4_ab3d',
    ])
      expect(isRoomRef(ref), ref).toBe(true);
  });

  it('refuses what cannot name a room', () => {
    for (const ref of [
      '',
      'abc!!',
      '-5',
      '.science',
      'science.',
      'a..b',
      'dm::bob',
      'a b',
      'a/b',
      'x'.repeat(513),
    ])
      expect(isRoomRef(ref), ref).toBe(false);
  });
});
