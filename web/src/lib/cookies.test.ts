import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=abc%3D; b=2')).toBe('abc=');
  });
  it('returns null when absent or when only a prefix matches', () => {
    expect(readCookie('csrftoken', 'xcsrftoken=1; other=2')).toBeNull();
    expect(readCookie('csrftoken', '')).toBeNull();
  });
});
