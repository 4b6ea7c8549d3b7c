import { describe, expect, it } from 'vitest';
import { pathPrefixes, segmentsForWidth, shortenPath } from './room-path';

describe('segmentsForWidth', () => {
  it('shows as many segments as the width allows', () => {
    expect(segmentsForWidth(320)).toBe(1);
    expect(segmentsForWidth(359)).toBe(1);
    expect(segmentsForWidth(360)).toBe(2);
    expect(segmentsForWidth(479)).toBe(2);
    expect(segmentsForWidth(480)).toBe(3);
    expect(segmentsForWidth(767)).toBe(3);
    expect(segmentsForWidth(768)).toBe(4);
    expect(segmentsForWidth(1920)).toBe(4);
  });
});

describe('shortenPath', () => {
  it('joins with › and shows underscores as spaces', () => {
    expect(shortenPath('science.computer_science.cs-101', 4)).toBe('science › computer science › cs-101');
  });
  it('keeps the last segments with a leading ellipsis', () => {
    expect(shortenPath('a.b.c.d.e', 4)).toBe('… › b › c › d › e');
    expect(shortenPath('a.b.c', 1)).toBe('… › c');
    expect(shortenPath('a', 1)).toBe('a');
  });
});

describe('pathPrefixes', () => {
  it('lists each ancestor path', () => {
    expect(pathPrefixes('a.b.c')).toEqual([
      { path: 'a', segment: 'a' },
      { path: 'a.b', segment: 'b' },
      { path: 'a.b.c', segment: 'c' },
    ]);
  });
});
