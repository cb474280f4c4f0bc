import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// A browser application's bundler takes io-ts's ES build, which imports fp-ts's `es6/` files. The
// built @basket/core imports fp-ts's CommonJS `lib/` files instead (the only ones plain Node
// resolves: scripts/build-package.mjs), so its `browser` field maps each to its `es6/` twin, and
// the client's bundle carries one copy of fp-ts. Checked here on core's package.json and sources
// (no build needed): every fp-ts module core imports has its twin, and a bundler follows them.
const CORE = fileURLToPath(new URL('../../core', import.meta.url));
const browserField = (): Readonly<Record<string, string>> =>
  JSON.parse(readFileSync(join(CORE, 'package.json'), 'utf8')).browser ?? {};

const sourcesOf = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesOf(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [readFileSync(join(dir, entry.name), 'utf8')]
        : [],
  );

/** `fp-ts/lib/Either.js` for every `fp-ts/Either` that core's sources import, as its build names it. */
const builtFpTsImports = (): ReadonlyArray<string> => {
  const modules = sourcesOf(join(CORE, 'src')).flatMap((text) =>
    [...text.matchAll(/from '(fp-ts|io-ts)\/([A-Za-z]+)'/g)].map(([, pkg, name]) => `${pkg}/lib/${name}.js`),
  );
  return [...new Set(modules)].sort();
};

/** The files of a browser bundle of `core`'s `lib/` imports and io-ts, as a bundler resolves them from core. */
const bundledFiles = async (imports: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const result = await build({
    stdin: {
      contents: [...imports, 'io-ts'].map((path, i) => `export * as m${i} from '${path}';`).join('\n'),
      resolveDir: join(CORE, 'src'),
    },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).map((path) => path.replace(/^.*node_modules\//, ''));
};

describe('the client bundled for a browser', () => {
  it("has every fp-ts module core's build imports mapped to its ES twin", () => {
    const imports = builtFpTsImports();
    expect(imports.length).toBeGreaterThan(0);
    for (const file of imports) expect(browserField()[file]).toBe(file.replace('/lib/', '/es6/'));
  });

  it('carries one copy of fp-ts, the ES build that io-ts imports', async () => {
    const files = await bundledFiles(builtFpTsImports());
    expect(files.filter((file) => file.startsWith('fp-ts/lib/'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('fp-ts/es6/')).length).toBeGreaterThan(0);
    expect(files.filter((file) => file.startsWith('io-ts/'))).toEqual(['io-ts/es6/index.js']);
  });
});
