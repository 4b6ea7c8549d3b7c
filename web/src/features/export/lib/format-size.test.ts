import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [740, '740 B'],
    [1024, '1 KB'],
    [12_600, '12 KB'],
    [3_565_158, '3.4 MB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
