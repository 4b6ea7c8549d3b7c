import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'protocol/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'server/test/**/*.test.ts',
      'web/src/**/*.test.ts',
      'web/vite-plugins/**/*.test.ts',
      'scripts/**/*.test.mjs',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests open real servers and databases; two workers match the two cores.
    maxWorkers: 2,
  },
});
