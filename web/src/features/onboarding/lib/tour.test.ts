import { describe, expect, it } from 'vitest';
import { TOUR_STEPS, nextStepIndex } from './tour';

describe('the welcome tour', () => {
  it('has three to five steps, the last about the assistants', () => {
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(3);
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(5);
    expect(TOUR_STEPS.at(-1)?.icon).toBe('assistants');
  });

  it('moves within its steps', () => {
    expect(nextStepIndex(0, 1, 4)).toBe(1);
    expect(nextStepIndex(0, -1, 4)).toBe(0);
    expect(nextStepIndex(3, 1, 4)).toBe(3);
    expect(nextStepIndex(2, -1, 4)).toBe(1);
  });
});
