import { describe, expect, it } from 'vitest';
import { formatMessageTimestamp, formatRelativeTime } from './time';

const NOW = new Date(2026, 2, 15, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;

describe('formatRelativeTime', () => {
  it("says 'Just now' under one minute", () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), NOW)).toBe('Just now');
  });
  it("says 'Nm ago' under one hour", () => {
    expect(formatRelativeTime(ago(60_000), NOW)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_999), NOW)).toBe('59m ago');
  });
  it("says 'Nh ago' under one day", () => {
    expect(formatRelativeTime(ago(3_600_000), NOW)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 3_599_999), NOW)).toBe('23h ago');
  });
  it("says 'Nd ago' from one day on", () => {
    expect(formatRelativeTime(ago(86_400_000), NOW)).toBe('1d ago');
    expect(formatRelativeTime(ago(10 * 86_400_000), NOW)).toBe('10d ago');
  });
  it('accepts ISO strings and Date objects', () => {
    expect(formatRelativeTime(new Date(ago(5 * 60_000)).toISOString(), NOW)).toBe('5m ago');
    expect(formatRelativeTime(new Date(ago(2 * 3_600_000)), new Date(NOW))).toBe('2h ago');
  });
  it("treats future and invalid times as 'Just now'", () => {
    expect(formatRelativeTime(NOW + 10_000, NOW)).toBe('Just now');
    expect(formatRelativeTime('not a date', NOW)).toBe('Just now');
  });
});

describe('formatMessageTimestamp', () => {
  it('shows only the time for today', () => {
    expect(formatMessageTimestamp(new Date(2026, 2, 15, 9, 5), NOW)).toBe('09:05');
  });
  it('shows the en-GB date plus time otherwise', () => {
    expect(formatMessageTimestamp(new Date(2026, 2, 14, 23, 59), NOW)).toBe('14/03/2026 23:59');
  });
});
