import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../test/http/support/server';

const check = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/check-public-names.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });

/** A directory of one package (`@example/one`) whose index is `index`, and of docs with `page`. */
const workspace = (index: string, page: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'public-names-'));
  mkdirSync(join(dir, 'packages', 'one', 'src'), { recursive: true });
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'packages', 'one', 'package.json'), JSON.stringify({ name: '@example/one' }));
  writeFileSync(join(dir, 'packages', 'one', 'src', 'index.ts'), index);
  writeFileSync(join(dir, 'docs', 'page.md'), page);
  return { args: ['--packages', join(dir, 'packages'), '--docs', join(dir, 'docs')], dir };
};

describe('scripts/check-public-names.mjs', () => {
  it("every package's index exports exactly the names docs/ lists for it", () => {
    const run = check();
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/public names: \d+ packages match their documented lists/);
  });

  it('accepts a list whose items wrap over several lines', () => {
    const { args, dir } = workspace(
      "export { a, type B } from './a';\nexport { c } from './c';\n",
      [
        '<!-- public-names @example/one -->',
        '- `a`, `B`,',
        '  `c`: three names, one item.',
        '<!-- /public-names -->',
        '',
      ].join('\n'),
    );
    try {
      const run = check(...args);
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names what differs, and refuses `export *`', () => {
    const { args, dir } = workspace(
      "export { a, hidden } from './a';\nexport * from './b';\n",
      [
        '# Page',
        '',
        '<!-- public-names @example/one -->',
        '- `a`, `gone`: names.',
        '<!-- /public-names -->',
        '',
      ].join('\n'),
    );
    try {
      const run = check(...args);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/index\.ts:2: `export \*` hides what the package exports/);
      expect(run.stderr).toMatch(/page\.md:3: @example\/one exports names the docs do not list: hidden/);
      expect(run.stderr).toMatch(/page\.md:4: `gone` is not exported by @example\/one/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks for a block for every package', () => {
    const { args, dir } = workspace("export { a } from './a';\n", '# Nothing listed\n');
    try {
      const run = check(...args);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/@example\/one: no <!-- public-names @example\/one --> block/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
