#!/usr/bin/env node
// Checks that every workspace package's public names are the ones its documentation lists, so that
// docs/ and the packages' faces cannot drift apart.
//
// A package's public names are what packages/<dir>/src/index.ts exports, read from its `export {
// … } from` lists (an `export *` is refused: the list must name each symbol). Its documented names
// are the list items of its block in docs/*.md:
//
//   <!-- public-names @basket/core -->
//   - `basketDecider`, `paymentIntentDecider`: the two deciders.
//   <!-- /public-names -->
//
// Each item (wrapped over indented lines or not) starts with one or more backticked names,
// separated by commas; what follows is prose.
// Every package needs exactly one block. Prints what differs, as docs/<page>.md:<line>; exit code 0
// when every package matches, 1 otherwise. `--docs <dir>` checks another directory of pages and
// `--packages <dir>` another directory of packages (the checker's own test uses them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const DOCS = resolve(argument('--docs') ?? join(ROOT, 'docs'));
const PACKAGES = resolve(argument('--packages') ?? join(ROOT, 'packages'));
const shown = (path) => relative(ROOT, path).replaceAll('\\', '/');

const problems = [];

/** The names a package's index exports, or a problem for each `export *` and local export. */
const exportsOf = (path) => {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names = new Set();
  for (const statement of file.statements) {
    const line = file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1;
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause === undefined || !ts.isNamedExports(clause)) {
        problems.push(
          `${shown(path)}:${line}: \`export *\` hides what the package exports; name each symbol`,
        );
        continue;
      }
      for (const element of clause.elements) names.add(element.name.text);
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      problems.push(`${shown(path)}:${line}: the index only re-exports; declare this in a module of its own`);
    }
  }
  return names;
};

const OPEN = /^<!--\s*public-names\s+(\S+)\s*-->\s*$/;
const CLOSE = /^<!--\s*\/public-names\s*-->\s*$/;
const ITEM_START = /^[-*]\s+/;
const NAMES = /^[-*]\s+((?:`[A-Za-z_$][\w$]*`(?:,\s*)?)+)/;

/** Every documented block: package name → { names (name → line), where }. */
const documented = new Map();
const pages = existsSync(DOCS) ? readdirSync(DOCS).filter((name) => name.endsWith('.md')) : [];
for (const page of pages.sort()) {
  const path = join(DOCS, page);
  let open;
  /** The list item being read: its text so far (wrapped lines joined) and where it starts. */
  let item;
  const endItem = () => {
    const names = item === undefined ? null : NAMES.exec(item.text);
    if (names !== null)
      for (const [, name] of names[1].matchAll(/`([^`]+)`/g)) {
        if (open.names.has(name)) problems.push(`${item.where}: \`${name}\` is listed twice`);
        open.names.set(name, item.where);
      }
    item = undefined;
  };
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const where = `${shown(path)}:${index + 1}`;
      const start = OPEN.exec(text);
      if (start !== null) {
        if (open !== undefined) problems.push(`${where}: a public-names block opens inside another`);
        const name = start[1];
        if (documented.has(name))
          problems.push(`${where}: ${name} is already listed at ${documented.get(name).where}`);
        open = { names: new Map(), where };
        documented.set(name, open);
        return;
      }
      if (CLOSE.test(text)) {
        if (open === undefined) problems.push(`${where}: a public-names block closes without opening`);
        else endItem();
        open = undefined;
        return;
      }
      if (open === undefined) return;
      if (ITEM_START.test(text)) {
        endItem();
        item = { text, where };
      } else if (item !== undefined && /^\s+\S/.test(text)) {
        item.text += ` ${text.trim()}`;
      } else {
        endItem();
      }
    });
  if (open !== undefined) problems.push(`${open.where}: the public-names block never closes`);
}

let packages = 0;
for (const dir of readdirSync(PACKAGES).sort()) {
  const index = join(PACKAGES, dir, 'src', 'index.ts');
  const manifest = join(PACKAGES, dir, 'package.json');
  if (!existsSync(index) || !existsSync(manifest)) continue;
  packages += 1;
  const name = JSON.parse(readFileSync(manifest, 'utf8')).name;
  const exported = exportsOf(index);
  const block = documented.get(name);
  documented.delete(name);
  if (block === undefined) {
    problems.push(`${name}: no <!-- public-names ${name} --> block in ${shown(DOCS)}/*.md`);
    continue;
  }
  const missing = [...exported].filter((n) => !block.names.has(n)).sort();
  if (missing.length > 0)
    problems.push(`${block.where}: ${name} exports names the docs do not list: ${missing.join(', ')}`);
  for (const [documentedName, where] of block.names)
    if (!exported.has(documentedName))
      problems.push(`${where}: \`${documentedName}\` is not exported by ${name} (${shown(index)})`);
}
for (const [name, block] of documented)
  problems.push(`${block.where}: no workspace package is named ${name}`);

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`public names: ${packages} packages match their documented lists`);
