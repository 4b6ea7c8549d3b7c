import { describe, expect, it } from 'vitest';
import { parseDarkmode } from './storage';

describe('parseDarkmode', () => {
  it("reads '1' as on and '0' as off", () => {
    expect(parseDarkmode('1')).toBe(true);
    expect(parseDarkmode('0')).toBe(false);
  });
  it('treats an absent or unknown value as no preference', () => {
    expect(parseDarkmode(null)).toBeNull();
    expect(parseDarkmode('true')).toBeNull();
  });
});
