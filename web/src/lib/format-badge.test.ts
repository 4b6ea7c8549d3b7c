import { describe, expect, it } from 'vitest';
import { formatBadge } from './format-badge';

describe('formatBadge', () => {
  it('hides the badge at zero or below', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(-3)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
  });
  it('shows the count from 1 to 99', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(42)).toBe('42');
    expect(formatBadge(99)).toBe('99');
  });
  it("caps at '99+'", () => {
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12345)).toBe('99+');
  });
});
