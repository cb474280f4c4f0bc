#!/usr/bin/env node
// Compiles every TypeScript sample of the user documentation, so that docs/ cannot drift from the code.
//
// Each ```ts block of docs/*.md becomes one module in packages/client/.doc-samples/, where every
// workspace package a sample may import resolves (@basket/core, app, client, testing, store-memory,
// store-postgres, providers-catalog, outbox-nats, http, and fastify, fast-check, vitest:
// packages/client's dependencies, and @basket/client itself by its own name). They are type-checked with the repository's strict
// settings (tsconfig.base.json). A sample that uses names from its page's context (`storage`,
// `logger`) gets them from docs/samples/<page>.prelude.ts, prepended to every block of that page.
// ```json blocks must parse. Errors are reported as docs/<page>.md:<line>. The directory is removed
// afterwards unless --keep is given. Exit code 0 when everything compiles, 1 otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
/** `--docs <dir>` checks another directory of pages (the checker's own test uses it). */
const DOCS = resolve(argument('--docs') ?? join(ROOT, 'docs'));
const PRELUDES = join(DOCS, 'samples');
const OUT = join(ROOT, 'packages', 'client', '.doc-samples');
const keep = process.argv.includes('--keep');
const shown = (path) => relative(ROOT, path).replaceAll('\\', '/');

/** The fenced blocks of `text` in `languages`, with the line of their first code line (1-based). */
const blocksOf = (text, languages) => {
  const lines = text.split('\n');
  const blocks = [];
  let open;
  lines.forEach((line, index) => {
    const fence = /^(\s*)```\s*([\w-]*)\s*$/.exec(line);
    if (fence === null) {
      if (open !== undefined) open.code.push(line.slice(open.indent));
      return;
    }
    if (open === undefined) {
      open = { language: fence[2] ?? '', indent: (fence[1] ?? '').length, line: index + 2, code: [] };
      return;
    }
    if ((fence[2] ?? '') !== '') return;
    if (languages.includes(open.language)) blocks.push({ ...open, code: open.code.join('\n') });
    open = undefined;
  });
  return blocks;
};

const pages = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .sort();

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const problems = [];
/** Generated file → { page, firstLine, offset }: where its lines come from. */
const origins = new Map();
let tsCount = 0;
let jsonCount = 0;

for (const page of pages) {
  const text = readFileSync(join(DOCS, page), 'utf8');
  const preludePath = join(PRELUDES, `${page.replace(/\.md$/, '')}.prelude.ts`);
  const prelude = existsSync(preludePath) ? readFileSync(preludePath, 'utf8').trimEnd() : '';
  const preludeLines = prelude === '' ? 0 : prelude.split('\n').length;
  for (const block of blocksOf(text, ['ts', 'typescript'])) {
    tsCount += 1;
    const file = `${page.replace(/\.md$/, '')}.L${block.line}.ts`;
    const header = `// ${shown(join(DOCS, page))}:${block.line}`;
    const body = prelude === '' ? block.code : `${prelude}\n${block.code}`;
    // Every sample is a module, so that its names never meet another sample's.
    writeFileSync(join(OUT, file), `${header}\n${body}\nexport {};\n`);
    origins.set(file, { page, firstLine: block.line, offset: 1 + preludeLines });
  }
  for (const block of blocksOf(text, ['json'])) {
    jsonCount += 1;
    try {
      JSON.parse(block.code);
    } catch (error) {
      problems.push(`${shown(join(DOCS, page))}:${block.line}: json block does not parse: ${error.message}`);
    }
  }
}

writeFileSync(
  join(OUT, 'tsconfig.json'),
  `${JSON.stringify(
    {
      extends: '../../../tsconfig.base.json',
      compilerOptions: { noEmit: true, types: ['node'] },
      include: ['*.ts'],
    },
    null,
    2,
  )}\n`,
);

const tsc = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsc.cmd' : 'tsc');
const run = spawnSync(tsc, ['-p', relative(ROOT, OUT), '--pretty', 'false'], { cwd: ROOT, encoding: 'utf8' });
if (run.error !== undefined) problems.push(`could not run tsc: ${run.error.message}`);
const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;

// `packages/client/.doc-samples/http-api.L120.ts(5,3): error TS2345: …` → `docs/http-api.md:124:3: …`
for (const line of output.split('\n').filter((l) => l.trim() !== '')) {
  if (/^\s/.test(line) && problems.length > 0) {
    problems[problems.length - 1] += `\n${line}`;
    continue;
  }
  const located = /^(?:.*[\\/])?([^\\/()]+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
  const origin = located === null ? undefined : origins.get(located[1]);
  if (located === null || origin === undefined) {
    problems.push(line);
    continue;
  }
  const generatedLine = Number(located[2]);
  const inBlock = generatedLine - origin.offset;
  const where =
    inBlock >= 1
      ? `${shown(join(DOCS, origin.page))}:${origin.firstLine + inBlock - 1}:${located[3]}`
      : `${shown(join(PRELUDES, origin.page.replace(/\.md$/, '')))}.prelude.ts:${generatedLine - 1}:${located[3]}`;
  problems.push(`${where}: ${located[4]}`);
}
if (run.status !== 0 && problems.length === 0) problems.push(`tsc exited ${run.status}:\n${output}`);

if (!keep) rmSync(OUT, { recursive: true, force: true });

const summary = `${tsCount} TypeScript samples and ${jsonCount} JSON samples from ${pages.length} pages of ${shown(DOCS)}/`;
if (problems.length > 0) {
  process.stderr.write(
    `${problems.join('\n')}\n\ndoc samples: ${problems.length} problem(s) in ${summary}\n`,
  );
  process.exit(1);
}
process.stdout.write(`doc samples: ${summary} compile\n`);
