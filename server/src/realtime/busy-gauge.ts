import { performance } from 'node:perf_hooks';

/** Whether the process's event loop has lately been busy enough to trade a little latency for CPU. */
export interface LoadSignal {
  readonly busy: boolean;
}

export interface BusyThresholds {
  /** Busy from this share of the last sample spent running callbacks (0–1)… */
  busyAbove: number;
  /** …and calm again only under this one, so the state does not flip on every sample. */
  calmBelow: number;
}

export const BUSY_THRESHOLDS: BusyThresholds = { busyAbove: 0.75, calmBelow: 0.5 };

/** The next state from the last one and the latest utilization, with hysteresis. */
export function nextBusy(busy: boolean, utilization: number, thresholds: BusyThresholds = BUSY_THRESHOLDS) {
  if (utilization >= thresholds.busyAbove) return true;
  if (utilization < thresholds.calmBelow) return false;
  return busy;
}

/**
 * Samples the event loop's utilization (the share of time spent running callbacks rather than
 * waiting for I/O) every `everyMs`. The timer does not keep the process alive; `stop` ends it.
 */
export function watchEventLoop(everyMs = 100, thresholds: BusyThresholds = BUSY_THRESHOLDS) {
  let last = performance.eventLoopUtilization();
  const signal = { busy: false, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    signal.busy = nextBusy(signal.busy, performance.eventLoopUtilization(now, last).utilization, thresholds);
    last = now;
  }, everyMs);
  timer.unref();
  return signal;
}
