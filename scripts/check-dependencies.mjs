#!/usr/bin/env node
// Checks the import graph inside each package's src/ (docs/architecture.md, "Events as a storage
// contract"):
//  1. no import cycle between the folders of a package (a file at the root of src/ is its own node);
//  2. in @basket/core, no module outside wire/ imports wire/: the domain and its stored-event codecs
//     never depend on the interface's resource shapes (wire maps views to resources, a leaf). The
//     operation table (operations/), which describes the interface itself, is the one reader.
// Exit code 1 on a failure.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The repository to check: this one, or the directory given (the script's own tests use a fixture).
const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
const packagesDir = join(root, 'packages');

/**
 * Folders of core that no other folder of core may import, and the folders that may: the operation
 * table describes the HTTP interface itself (its bodies and answers are resource codecs), above wire.
 */
const LEAF_FOLDERS = { core: ['wire'] };
const LEAF_READERS = { core: ['operations'] };

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

const resolveImport = (from, specifier) => {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
};

/** The node of a file: its first folder under src/, or the file itself at the root of src/. */
const nodeOf = (src, file) => {
  const [first, ...rest] = relative(src, file).split(/[\\/]/);
  return rest.length === 0 ? first.replace(/\.tsx?$/, '') : first;
};

/** Strongly connected components of more than one node (Tarjan). */
const cyclesOf = (graph) => {
  let index = 0;
  const stack = [];
  const info = new Map();
  const components = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) {
        info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
      }
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return components;
};

/** One shortest cycle through `start` inside `component`, as `a -> b -> a`. */
const cycleThrough = (graph, start, component) => {
  const inside = new Set(component);
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const path = [v];
        for (let p = previous.get(v); p !== undefined; p = previous.get(p)) path.unshift(p);
        return [...path, start].join(' -> ');
      }
      if (inside.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.join(' <-> ');
};

const failures = [];
for (const name of readdirSync(packagesDir).sort()) {
  const src = join(packagesDir, name, 'src');
  try {
    if (!statSync(src).isDirectory()) continue;
  } catch {
    continue;
  }
  const graph = new Map();
  const edges = new Map();
  for (const file of filesUnder(src)) {
    const from = nodeOf(src, file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]);
      if (target === undefined || relative(src, target).startsWith('..')) continue;
      const to = nodeOf(src, target);
      if (to === from) continue;
      graph.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, relative(root, file));
      for (const leaf of LEAF_FOLDERS[name] ?? []) {
        // The package's index is its public face: it may export the leaf.
        if (to === leaf && from !== leaf && from !== 'index' && !(LEAF_READERS[name] ?? []).includes(from)) {
          failures.push(`${name}: ${relative(root, file)} imports ${leaf}/ (${match[1]})`);
        }
      }
    }
  }
  for (const component of cyclesOf(graph)) {
    const cycle = `${name}: ${cycleThrough(graph, component[0], component)}`;
    const steps = cycle
      .slice(name.length + 2)
      .split(' -> ')
      .slice(1)
      .map((to, i, all) =>
        edges.get(`${i === 0 ? cycle.slice(name.length + 2).split(' -> ')[0] : all[i - 1]} -> ${to}`),
      );
    const line = `${cycle}   (${steps.filter(Boolean).join(', ')}) [folders in the cycle: ${component.join(', ')}]`;
    failures.push(`import cycle between folders: ${line}`);
  }
}

if (failures.length > 0) {
  for (const line of failures) console.error(line);
  console.error(`check-dependencies: ${failures.length} problem(s)`);
  process.exit(1);
}
console.log('check-dependencies: no folder cycles, core/wire is a leaf');
