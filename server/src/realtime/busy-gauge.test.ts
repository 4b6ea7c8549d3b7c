import { describe, expect, it } from 'vitest';
import { nextBusy, watchEventLoop } from './busy-gauge';

describe('busy gauge', () => {
  it('turns busy above its high mark and calm only under its low mark', () => {
    const marks = { busyAbove: 0.75, calmBelow: 0.5 };
    expect(nextBusy(false, 0.7, marks)).toBe(false);
    expect(nextBusy(false, 0.75, marks)).toBe(true);
    // Between the marks the last state holds, so it does not flip on every sample.
    expect(nextBusy(true, 0.6, marks)).toBe(true);
    expect(nextBusy(false, 0.6, marks)).toBe(false);
    expect(nextBusy(true, 0.49, marks)).toBe(false);
  });

  it('reads the event loop busy while callbacks keep it running, and calm when it waits', async () => {
    const gauge = watchEventLoop(20);
    try {
      // Keep the loop running callbacks: one long callback after another, short waits between.
      const until = Date.now() + 2000;
      while (!gauge.busy && Date.now() < until) {
        const spin = Date.now() + 15;
        while (Date.now() < spin);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(gauge.busy).toBe(true);
      await expect.poll(() => gauge.busy, { timeout: 2000, interval: 20 }).toBe(false);
    } finally {
      gauge.stop();
    }
  });
});
