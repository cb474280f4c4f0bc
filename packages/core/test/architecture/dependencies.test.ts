import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The dependency check of CI (scripts/check-dependencies.mjs, run by `pnpm lint`): stored-event
 * codecs and the rest of the domain never import wire/, and no package has an import cycle between
 * its folders (docs/architecture.md, "Events as a storage contract").
 */

const script = resolve(import.meta.dirname, '../../../../scripts/check-dependencies.mjs');
const check = (root?: string) => {
  const run = spawnSync(process.execPath, root === undefined ? [script] : [script, root], {
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

const fixtures: string[] = [];
afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

const repository = (files: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), 'basket-deps-'));
  fixtures.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};

describe('the dependency check', () => {
  it('passes on this repository: core/wire is a leaf and no folder cycle is new', () => {
    const { status, output } = check();
    expect(output).toContain('check-dependencies: no folder cycles, core/wire is a leaf');
    expect(status).toBe(0);
  });

  it('fails when an event codec imports wire/, and on a folder cycle of any package', () => {
    const root = repository({
      'packages/core/src/basket/events.ts':
        "import { Ticket } from '../wire/line-item';\nexport const e = Ticket;\n",
      'packages/core/src/wire/line-item.ts': 'export const Ticket = 1;\n',
      'packages/core/src/index.ts': "export * from './wire/line-item';\n",
      'packages/store/src/a/one.ts': "import { two } from '../b/two';\nexport const one = two;\n",
      'packages/store/src/b/two.ts':
        "import type { one } from '../a/one';\nexport const two = 2 as unknown as typeof one;\n",
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('core: packages/core/src/basket/events.ts imports wire/');
    expect(output).not.toContain('packages/core/src/index.ts imports wire/');
    expect(output).toContain('import cycle between folders: store: a -> b -> a');
  });
});
