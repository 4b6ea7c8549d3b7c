import { describe, expect, it } from 'vitest';
import { isRoomRef } from '@studium/protocol';
import { ROOM_REF } from './room-ref';

describe("the boot script's room check", () => {
  it('accepts exactly the addresses the app accepts', () => {
    const refs = [
      '47',
      'humanities.philosophy',
      'a:b-c_d',
      '_x',
      '-5',
      'abc!!',
      'a..b',
      'a.',
      '',
      'x'.repeat(512),
    ];
    for (const ref of [...refs, 'x'.repeat(513), '47/', '%34%37'])
      expect(ROOM_REF.test(ref), ref.slice(0, 20)).toBe(isRoomRef(ref));
  });
});
