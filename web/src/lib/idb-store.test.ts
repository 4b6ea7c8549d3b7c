import { describe, expect, it } from 'vitest';
import { withNotes } from './idb-store';

describe('withNotes: the writes a reload cut off, laid over what IndexedDB holds', () => {
  const stored: [string, string][] = [
    ['outbox:ana:1:a', 'a stored'],
    ['outbox:ana:1:c', 'c stored'],
  ];

  it('keeps what is stored when nothing is noted', () => {
    expect(withNotes(stored, [])).toEqual(['a stored', 'c stored']);
  });

  it('adds a value IndexedDB never got, in key order', () => {
    expect(withNotes(stored, [['outbox:ana:1:b', { value: 'b noted' }]])).toEqual([
      'a stored',
      'b noted',
      'c stored',
    ]);
  });

  it('takes the noted value over the stored one, and drops a noted delete', () => {
    expect(
      withNotes(stored, [
        ['outbox:ana:1:a', { value: 'a failed' }],
        ['outbox:ana:1:c', { deleted: true }],
      ]),
    ).toEqual(['a failed']);
  });

  it('ignores a delete of what was never stored', () => {
    expect(withNotes([], [['outbox:ana:1:z', { deleted: true }]])).toEqual([]);
  });
});
