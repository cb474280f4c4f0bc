#!/usr/bin/env node
// Builds the package in the working directory (`pnpm -r build` and `turbo run build` run it in each
// package) into dist/:
//
// - JavaScript: esbuild bundles each entry (the `import` targets of `exports` and the `bin`s, mapped
//   from dist/X.js back to src/X.ts) into ESM for Node 20, with source maps. Every bare import (the
//   package's dependencies, @basket/* included) stays an import. The sources import `fp-ts/Either`
//   and `io-ts/PathReporter`, which resolve only through the bundler-style resolution used in the
//   repository: plain Node cannot import those directories, so they become `fp-ts/lib/Either.js`,
//   and the package's `browser` field must map each to its `es6/` twin (checked: the build fails).
// - Declarations: tsc with the package's tsconfig.build.json (declarations and their maps only),
//   with `--noCheck`: `pnpm typecheck` checks the same sources, so the build only emits (half the
//   time; the declarations are the same).
//   The sources' relative imports carry no extension (`'./state'`, `'../wire'`), which a consumer
//   with `moduleResolution: node16/nodenext` cannot follow in a .d.ts, so each relative specifier of
//   the emitted declarations is rewritten to the file it names (`'./state.js'`, `'../wire/index.js'`).
//
// Other packages' types are read from their dist/ (tsconfig.build.json clears the in-repository
// `@basket/source` condition), so turbo builds the dependencies first (`dependsOn: ["^build"]`).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const cwd = process.cwd();
const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));

/** `./dist/a/b.js` → `src/a/b.ts`: each built file's source. */
const sourceOf = (target) => {
  const match = /^\.\/dist\/(.+)\.js$/.exec(target);
  if (match === null) throw new Error(`${manifest.name}: ${target} is not a ./dist/*.js target`);
  return `src/${match[1]}.ts`;
};

const importTargets = (exportsField) =>
  Object.values(exportsField ?? {}).flatMap((entry) =>
    typeof entry === 'string' ? [] : typeof entry.import === 'string' ? [entry.import] : [],
  );
const binTargets = Object.values(manifest.bin ?? {});
const entryPoints = [...new Set([...importTargets(manifest.exports), ...binTargets].map(sourceOf))];
if (entryPoints.length === 0) throw new Error(`${manifest.name}: no exports to build`);

/** The `lib/` files the build names in place of fp-ts and io-ts modules (see `legacySubpaths`). */
const legacyFiles = new Set();

/** fp-ts and io-ts have no `exports` map: their modules are reached by file in plain Node. */
const legacySubpaths = {
  name: 'legacy-subpaths',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(fp-ts|io-ts)\/[A-Za-z]+$/ }, (args) => {
      const [pkg, module] = args.path.split('/');
      legacyFiles.add(`${pkg}/lib/${module}.js`);
      return { path: `${pkg}/lib/${module}.js`, external: true };
    });
  },
};

/**
 * Those `lib/` files are CommonJS. A bundler for browsers takes io-ts's ES build, which imports
 * fp-ts's `es6/` files, so each `lib/` file needs its `es6/` twin in the package's `browser` field,
 * or the bundle carries two copies of fp-ts. The build fails when one is missing.
 */
const checkBrowserTwins = () => {
  const browser = manifest.browser ?? {};
  const missing = [...legacyFiles]
    .sort()
    .filter((file) => browser[file] !== file.replace('/lib/', '/es6/'))
    .map((file) => `"${file}": "${file.replace('/lib/', '/es6/')}"`);
  if (missing.length === 0) return;
  console.error(`${manifest.name}: add to package.json's "browser" field: ${missing.join(', ')}`);
  process.exit(1);
};

rmSync(join(cwd, 'dist'), { recursive: true, force: true });

await build({
  absWorkingDir: cwd,
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // The maps name the sources the tarball ships in src/ rather than embedding a second copy.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [legacySubpaths],
});
checkBrowserTwins();
for (const bin of binTargets) chmodSync(join(cwd, bin), 0o755);

const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
const declarations = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck'], {
  cwd,
  stdio: 'inherit',
});
if (declarations.status !== 0) process.exit(declarations.status ?? 1);

/** Every file under `dir`. */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** `'./x'` → `'./x.js'` or `'./x/index.js'`, whichever declaration file exists. */
const withExtension = (file, specifier) => {
  if (/\.(js|json)$/.test(specifier)) return specifier;
  const base = resolve(dirname(file), specifier);
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`${relative(cwd, file)}: cannot resolve ${specifier}`);
};

const relativeSpecifier = /(from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\2/g;
for (const file of filesUnder(join(cwd, 'dist')).filter((path) => path.endsWith('.d.ts'))) {
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(
    relativeSpecifier,
    (_all, keyword, quote, specifier) => `${keyword}${quote}${withExtension(file, specifier)}${quote}`,
  );
  if (rewritten !== text) writeFileSync(file, rewritten);
}

// The licence travels in every tarball (npm and pnpm pack a package's own LICENSE file).
copyFileSync(join(ROOT, 'LICENSE'), join(cwd, 'LICENSE'));
