import { defineConfig } from 'vitest/config';

/**
 * Shared vitest settings: every package writes a JSON report that `scripts/test-summary.mjs`
 * adds up into one closing line for the whole run.
 */
export const sharedConfig = (overrides: { testTimeout?: number; include?: string[] } = {}) =>
  defineConfig({
    test: {
      include: overrides.include ?? ['test/**/*.test.ts'],
      testTimeout: overrides.testTimeout ?? 30_000,
      hookTimeout: 60_000,
      reporters: ['default', ['json', { outputFile: '.vitest/report.json' }]],
    },
  });
