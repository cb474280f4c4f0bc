import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The built client (`pnpm build` first, as CI does), bundled as a browser application's bundler
// would: io-ts comes as its ES build, which imports fp-ts's `es6/` files, so @basket/core's
// `fp-ts/lib/` imports must become those same files (core's `browser` field), not a second copy.
const ENTRY = fileURLToPath(new URL('../dist/index.js', import.meta.url));

const bundledFiles = async (): Promise<ReadonlyArray<string>> => {
  const result = await build({
    entryPoints: [ENTRY],
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
  it('carries one copy of fp-ts and io-ts, their ES builds, and nothing of Node', async () => {
    const files = await bundledFiles();
    expect(files.filter((file) => file.startsWith('fp-ts/lib/'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('fp-ts/es6/')).length).toBeGreaterThan(0);
    expect(files.filter((file) => file.startsWith('io-ts/'))).toEqual(['io-ts/es6/index.js']);
    expect(files.filter((file) => file.startsWith('node:'))).toEqual([]);
  });
});
