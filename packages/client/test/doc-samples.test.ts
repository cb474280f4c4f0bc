import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../test/http/support/server';

const check = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/check-doc-samples.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });

/** tsc type-checks the sources of every workspace package a sample imports: slow on a busy machine. */
const TSC_TIMEOUT = { timeout: 180_000 };

describe('scripts/check-doc-samples.mjs', () => {
  it('every ```ts sample of docs/ compiles and every ```json sample parses', TSC_TIMEOUT, () => {
    const run = check();
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/doc samples: \d+ TypeScript samples/);
  });

  it('names the page and line of a sample that does not compile', TSC_TIMEOUT, () => {
    const docs = mkdtempSync(join(tmpdir(), 'doc-samples-'));
    try {
      const page = [
        '# A page',
        '',
        '```ts',
        "import { apiKeyOf } from '@basket/client';",
        '',
        'const key: number = apiKeyOf("arena-web");',
        '```',
        '',
        '```json',
        '{ "not": json }',
        '```',
        '',
      ].join('\n');
      writeFileSync(join(docs, 'broken.md'), page);
      const run = check('--docs', docs);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/broken\.md:6:\d+: error TS2322/);
      expect(run.stderr).toMatch(/broken\.md:10: json block does not parse/);
    } finally {
      rmSync(docs, { recursive: true, force: true });
    }
  });
});
