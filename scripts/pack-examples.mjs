#!/usr/bin/env node
// Tries the packages as a user would get them: packs every package under packages/ (`pnpm pack`,
// which rewrites `workspace:` ranges to real ones), checks what each tarball holds, then installs
// the tarballs with npm into a temporary copy of each example under examples/ and runs the
// example's `npm test` there. Nothing of the workspace is visible to the examples: only the
// tarballs, and third-party dependencies from the npm registry.
//
// Needs `pnpm build` first (dist/ of every package). Prints the tarballs' sizes and the time of
// each step; `--keep` leaves the temporary directory for a look. Exit code 0 when every check and
// every example passes, 1 otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'basket-pack-'));
const tarballDir = join(work, 'tarballs');
mkdirSync(tarballDir);

const problems = [];
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const step = (label, since) => console.log(`${label} (${seconds(since)})`);

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const packageDirs = readdirSync(join(ROOT, 'packages'))
  .map((name) => join(ROOT, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')));
const manifests = new Map(packageDirs.map((dir) => [readJson(join(dir, 'package.json')).name, dir]));

// 1. Pack, in one pnpm process for all of them.
const packStart = Date.now();
for (const [name, dir] of manifests) {
  if (!existsSync(join(dir, 'dist', 'index.js'))) {
    console.error(`${name}: no dist/index.js; run \`pnpm build\` first`);
    process.exit(1);
  }
}
const packed = JSON.parse(
  execFileSync(
    'pnpm',
    ['-r', '--filter', './packages/*', 'pack', '--pack-destination', tarballDir, '--json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  ),
);
const tarballs = new Map(packed.map((entry) => [entry.name, entry.filename]));
for (const name of manifests.keys()) if (!tarballs.has(name)) problems.push(`${name}: was not packed`);
step(`packed ${tarballs.size} packages`, packStart);

// 2. Check each tarball: dist with JavaScript and declarations, the TypeScript sources that its
//    declaration maps and its `@basket/source` export condition name, no tests, a manifest with
//    real ranges whose exports (every condition) and bins name files that are there.
const sizes = [];
for (const [name, file] of tarballs) {
  const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ''));
  const has = (path) => entries.includes(path.replace(/^\.\//, ''));
  const fail = (message) => problems.push(`${basename(file)}: ${message}`);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }),
  );
  if (manifest.private) fail('is private');
  const text = JSON.stringify(manifest);
  if (text.includes('workspace:')) fail('its package.json still has a workspace: range');
  if (!entries.some((entry) => /^dist\/.+\.js$/.test(entry))) fail('holds no dist/**/*.js');
  if (!entries.some((entry) => /^dist\/.+\.d\.ts$/.test(entry))) fail('holds no dist/**/*.d.ts');
  const stray = entries.filter((entry) => /^test\//.test(entry) || /\.test\.[jt]s$/.test(entry));
  if (stray.length > 0) fail(`holds tests: ${stray.slice(0, 5).join(', ')}`);
  if (!entries.some((entry) => /^src\/.+\.ts$/.test(entry))) fail('holds no src/**/*.ts');
  if (!has('LICENSE')) fail('holds no LICENSE');
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    for (const condition of ['types', 'import']) {
      if (typeof target === 'object' && !has(target[condition]))
        fail(`exports["${subpath}"].${condition} is missing`);
    }
    for (const [condition, path] of Object.entries(typeof target === 'object' ? target : {})) {
      if (typeof path === 'string' && !has(path))
        fail(`exports["${subpath}"]["${condition}"] names ${path}: not there`);
    }
  }
  for (const [bin, target] of Object.entries(manifest.bin ?? {})) {
    if (!has(target)) fail(`bin ${bin} (${target}) is missing`);
  }
  const unpacked = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.split(/\s+/)[2] ?? 0), 0);
  sizes.push({ name, file: basename(file), packed: statSync(file).size, unpacked, files: entries.length });
}
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log('\n| package | tarball | packed | unpacked | files |\n| --- | --- | --- | --- | --- |');
for (const size of sizes) {
  console.log(
    `| \`${size.name}\` | ${size.file} | ${kB(size.packed)} | ${kB(size.unpacked)} | ${size.files} |`,
  );
}
console.log('');

// 3. Each example, in a temporary copy, against the tarballs.
/** The example's @basket packages and theirs, so that npm finds every one among the tarballs. */
const closure = (names) => {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !manifests.has(name)) return;
    seen.add(name);
    const manifest = readJson(join(manifests.get(name), 'package.json'));
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
      visit(dependency);
  };
  names.forEach(visit);
  return [...seen];
};

const run = (command, args, cwd) => {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return result.status === 0;
};

const examplesDir = join(ROOT, 'examples');
for (const example of readdirSync(examplesDir).filter((name) =>
  existsSync(join(examplesDir, name, 'package.json')),
)) {
  const exampleStart = Date.now();
  const copy = join(work, 'examples', example);
  cpSync(join(examplesDir, example), copy, {
    recursive: true,
    filter: (source) => !source.split('/').includes('node_modules'),
  });
  const manifest = readJson(join(copy, 'package.json'));
  const basketPackages = closure(
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
      name.startsWith('@basket/'),
    ),
  );
  // One npm command for all of them, so that the tarballs' dependencies on each other resolve to the
  // tarballs (they are not on the registry).
  const installed = run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...basketPackages.map((name) => tarballs.get(name)),
    ],
    copy,
  );
  if (!installed) {
    problems.push(`examples/${example}: npm install failed`);
    continue;
  }
  step(`examples/${example}: installed ${basketPackages.join(', ')}`, exampleStart);
  const testStart = Date.now();
  if (!run('npm', ['test', '--silent'], copy)) problems.push(`examples/${example}: npm test failed`);
  step(`examples/${example}: npm test`, testStart);
}

if (keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}
step('packages packed, checked and installed; every example passed', started);
