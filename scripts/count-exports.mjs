#!/usr/bin/env node
// Counts each workspace package's public names (what its src/index.ts exports, as the TypeScript
// checker resolves it, `export *` included) and how many of them anything but the package's own
// sources imports (by its name, or by a relative path to its src/index): other packages' sources,
// every package's tests, test/, bench/, scripts/, examples/ and the ```ts samples of docs/*.md.
// Prints one line per package; `--unused <package>` lists the names nobody imports, `--users
// <package>` every name with the places that import it, `--json` every figure.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
/** `--root <dir>` counts another checkout (e.g. an older commit's `git archive`). */
const ROOT = resolve(argument('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..'));

const packages = readdirSync(join(ROOT, 'packages'))
  .map((dir) => ({ dir: join(ROOT, 'packages', dir) }))
  .filter(({ dir }) => statSync(join(dir, 'src', 'index.ts'), { throwIfNoEntry: false }) !== undefined)
  .map(({ dir }) => ({ dir, name: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name }));

/** The public names of every package, by the checker. */
const exportsOf = () => {
  const program = ts.createProgram(
    packages.map(({ dir }) => join(dir, 'src', 'index.ts')),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      customConditions: ['@basket/source'],
      allowImportingTsExtensions: true,
      resolveJsonModule: true,
      noEmit: true,
      skipLibCheck: true,
      strict: true,
    },
  );
  const checker = program.getTypeChecker();
  return new Map(
    packages.map(({ dir, name }) => {
      const source = program.getSourceFile(join(dir, 'src', 'index.ts'));
      const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
      const names = symbol === undefined ? [] : checker.getExportsOfModule(symbol).map((s) => s.name);
      return [name, new Set(names)];
    }),
  );
};

const SKIP = new Set(['node_modules', 'dist', '.turbo', '.vitest', 'coverage', '.doc-samples', '.basket']);
const CODE = /\.(ts|mts|js|mjs)$/;
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return CODE.test(entry.name) || entry.name.endsWith('.md') ? [path] : [];
  });

/** The ```ts blocks of a markdown page, joined. */
const samplesOf = (text) =>
  [...text.matchAll(/^\s*```(?:ts|typescript|js)\s*\n([\s\S]*?)^\s*```\s*$/gm)].map((m) => m[1]).join('\n');

/** The package a specifier names: `@basket/x`, or a relative path to `packages/x/src(/index)`. */
const packageOf = (path, specifier) => {
  if (specifier.startsWith('@basket/')) return specifier;
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(ROOT, resolve(dirname(path), specifier)).split('/');
  const isIndex = target.length === 3 || (target.length === 4 && /^index(\.ts)?$/.test(target[3]));
  return target[0] === 'packages' && target[2] === 'src' && isIndex ? `@basket/${target[1]}` : undefined;
};

/** `[package, importedName]` of every import and re-export of a workspace package's index in `text`. */
const importsOf = (path, text) => {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const found = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    const module = packageOf(path, specifier.text);
    if (module === undefined) continue;
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : statement.exportClause;
    if (bindings === undefined) continue;
    if (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) {
      for (const element of bindings.elements)
        found.push([module, (element.propertyName ?? element.name).text]);
    } else {
      found.push([module, '*']);
    }
  }
  return found;
};

const publicNames = exportsOf();
/** For each package, each of its names → the places (package names or top folders) importing it. */
const users = new Map(packages.map(({ name }) => [name, new Map()]));
for (const path of walk(ROOT)) {
  const where = relative(ROOT, path).split('/');
  // A package's sources count as `@basket/<dir>/src`, its tests as `@basket/<dir>/test`; anything
  // else by its top folder. A package's own sources never count as users of its index.
  const from =
    where[0] === 'packages' ? `@basket/${where[1]}/${where[2] === 'src' ? 'src' : 'test'}` : where[0];
  const text = readFileSync(path, 'utf8');
  for (const [module, name] of importsOf(path, path.endsWith('.md') ? samplesOf(text) : text)) {
    const byName = users.get(module);
    if (byName === undefined || from === `${module}/src`) continue;
    if (!byName.has(name)) byName.set(name, new Set());
    byName.get(name).add(from);
  }
}

const figures = packages.map(({ name }) => {
  const names = [...(publicNames.get(name) ?? [])].sort();
  const byName = users.get(name);
  const wholesale = byName.has('*');
  const used = names.filter((n) => wholesale || byName.has(n));
  const byPackages = names.filter((n) => [...(byName.get(n) ?? [])].some((u) => u.endsWith('/src')));
  return {
    name,
    exports: names.length,
    usedByOtherPackages: byPackages.length,
    usedOutside: used.length,
    unused: names.filter((n) => !used.includes(n)),
    notByPackages: names.filter((n) => !byPackages.includes(n)),
  };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else if (argument('--users') !== undefined) {
  const byName = users.get(argument('--users'));
  for (const name of [...(publicNames.get(argument('--users')) ?? [])].sort())
    console.log(`${name}\t${[...(byName?.get(name) ?? [])].sort().join(' ')}`);
} else if (argument('--unused') !== undefined) {
  const one = figures.find((f) => f.name === argument('--unused'));
  console.log((one?.unused ?? []).join('\n'));
} else {
  console.log('package                     exports  used by other sources  used anywhere outside');
  for (const f of figures)
    console.log(
      `${f.name.padEnd(28)}${String(f.exports).padStart(7)}${String(f.usedByOtherPackages).padStart(23)}${String(f.usedOutside).padStart(23)}`,
    );
}
