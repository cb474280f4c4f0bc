import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.ts';

/** Core's statement coverage is printed by every test run and must stay at 90% or more. */
export default mergeConfig(
  sharedConfig({ isolate: false }),
  defineConfig({
    test: {
      coverage: {
        enabled: true,
        provider: 'v8',
        include: ['src/**/*.ts'],
        reporter: ['text-summary'],
        thresholds: { statements: 90 },
      },
    },
  }),
);
