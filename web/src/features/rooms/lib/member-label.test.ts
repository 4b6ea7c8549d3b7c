import { describe, expect, it } from 'vitest';
import { memberLabel } from './member-label';

describe('memberLabel', () => {
  it('formats display name, handle and tags', () => {
    expect(memberLabel({ display_name: 'Maya K', username: 'maya', role: 'owner', is_self: true })).toBe(
      'Maya K • @maya (owner, you)',
    );
    expect(memberLabel({ display_name: 'Jonas', username: 'jonas', role: 'member', is_self: false })).toBe(
      'Jonas • @jonas',
    );
    expect(memberLabel({ display_name: '', username: 'lea', role: 'member', is_self: true })).toBe(
      '@lea (you)',
    );
    expect(memberLabel({ display_name: '', username: '', role: 'member', is_self: false })).toBe(
      '(unknown member)',
    );
  });
});
