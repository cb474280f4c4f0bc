import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** The library's files: everything in src but the demo script, which may use Node. */
const libraryFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'demo' ? [] : libraryFiles(path);
    return entry.name.endsWith('.ts') && entry.name !== 'demo.ts' ? [path] : [];
  });

const ALLOWED = /^(\.{1,2}\/|@basket\/core$|io-ts$|fp-ts(\/|$))/;

describe('the client library runs in browsers: fetch only, no Node modules', () => {
  it.each(libraryFiles(SRC).map((path) => [relative(SRC, path), path]))('%s', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)].map(
      (m) => m[1] ?? m[2] ?? '',
    );
    expect(specifiers.filter((s) => !ALLOWED.test(s))).toEqual([]);
    expect(text).not.toMatch(/\b(process|Buffer|require|__dirname)\b/);
  });
});
