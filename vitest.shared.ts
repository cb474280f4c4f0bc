import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The export condition under which every workspace package answers its `src/index.ts`. */
const SOURCE_CONDITION = '@basket/source';
/** Node's flag for it; tests' child processes (servers, relays, workers) inherit it by NODE_OPTIONS. */
export const sourceConditionFlag = `--conditions=${SOURCE_CONDITION}`;
const nodeOptions = [process.env.NODE_OPTIONS, sourceConditionFlag].filter(Boolean).join(' ');

/**
 * Vitest orders files by their last run's duration, and without one (a fresh clone, as in CI) by
 * size: a short file whose tests take minutes would start last and leave the other worker idle.
 * The files named in `first` (path suffixes) start before the rest.
 */
const startingWith = (first: ReadonlyArray<string>) =>
  class StartingWith extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const isFirst = (file: TestSpecification) => first.some((suffix) => file.moduleId.endsWith(suffix));
      return [...sorted.filter(isFirst), ...sorted.filter((file) => !isFirst(file))];
    }
  };

/**
 * Shared vitest settings: every package writes a JSON report that `scripts/test-summary.mjs`
 * adds up into one closing line for the whole run. Workspace packages resolve to their sources
 * through the `@basket/source` export condition (their `dist/` is for the packed tarballs), here
 * and in the processes tests spawn (`NODE_OPTIONS`, see `sourceConditionFlag`).
 *
 * Two files run at a time (vitest's default on two cores is one). Tests share PostgreSQL and NATS
 * by giving every file its own schema, stream or subject prefix, never by running alone.
 * `isolate: false` lets a package of pure functions import its modules once per worker instead of
 * once per file.
 */
export const sharedConfig = (
  overrides: { testTimeout?: number; include?: string[]; first?: string[]; isolate?: boolean } = {},
) =>
  defineConfig({
    resolve: { conditions: [SOURCE_CONDITION] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION] } },
    test: {
      include: overrides.include ?? ['test/**/*.test.ts'],
      testTimeout: overrides.testTimeout ?? 30_000,
      hookTimeout: 60_000,
      maxWorkers: 2,
      isolate: overrides.isolate ?? true,
      sequence: { sequencer: startingWith(overrides.first ?? []) },
      env: { NODE_OPTIONS: nodeOptions },
      reporters: ['default', ['json', { outputFile: '.vitest/report.json' }]],
    },
  });
