import { defineConfig } from 'vitest/config';

/** The export condition under which every workspace package answers its `src/index.ts`. */
const SOURCE_CONDITION = '@basket/source';
/** Node's flag for it; tests' child processes (servers, relays, workers) inherit it by NODE_OPTIONS. */
export const sourceConditionFlag = `--conditions=${SOURCE_CONDITION}`;
const nodeOptions = [process.env.NODE_OPTIONS, sourceConditionFlag].filter(Boolean).join(' ');

/**
 * Shared vitest settings: every package writes a JSON report that `scripts/test-summary.mjs`
 * adds up into one closing line for the whole run. Workspace packages resolve to their sources
 * through the `@basket/source` export condition (their `dist/` is for the packed tarballs), here
 * and in the processes tests spawn (`NODE_OPTIONS`, see `sourceConditionFlag`).
 */
export const sharedConfig = (overrides: { testTimeout?: number; include?: string[] } = {}) =>
  defineConfig({
    resolve: { conditions: [SOURCE_CONDITION] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION] } },
    test: {
      include: overrides.include ?? ['test/**/*.test.ts'],
      testTimeout: overrides.testTimeout ?? 30_000,
      hookTimeout: 60_000,
      env: { NODE_OPTIONS: nodeOptions },
      reporters: ['default', ['json', { outputFile: '.vitest/report.json' }]],
    },
  });
