import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('reads as bytes, kilobytes or megabytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(14 * 1024)).toBe('14 KB');
    expect(formatBytes(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});
