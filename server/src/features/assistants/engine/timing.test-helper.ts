/** Wall and CPU time percentiles of running `fn` once per input (tests only). */
export function timeEach<T>(
  inputs: readonly T[],
  fn: (input: T) => unknown,
): { wall: { p50: number; p95: number }; cpu: { p50: number; p95: number } } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const input of inputs) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    fn(input);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
  return {
    wall: { p50: pct(wall, 0.5), p95: pct(wall, 0.95) },
    cpu: { p50: pct(cpu, 0.5), p95: pct(cpu, 0.95) },
  };
}
