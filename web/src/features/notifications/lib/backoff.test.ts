import { describe, expect, it } from 'vitest';
import { backoffDelay, nextBackoffStep } from './backoff';

describe('notification socket back-off', () => {
  it('starts at 1 s and doubles up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
  it('caps the step counter at 5', () => {
    let step = 0;
    const steps: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      steps.push(step);
      step = nextBackoffStep(step);
    }
    expect(steps).toEqual([0, 1, 2, 3, 4, 5, 5, 5, 5]);
    expect(backoffDelay(99)).toBe(15000);
  });
  it('treats odd steps as the first one', () => {
    expect(backoffDelay(-2)).toBe(1000);
    expect(backoffDelay(Number.NaN)).toBe(1000);
  });
});
