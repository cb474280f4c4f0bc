import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outbox, OutboxMessage } from '@basket/app';

/**
 * An outbox shared between processes through two files, each with one writer: `rows.json` (the
 * test, which adds rows) and `published.json` (the one relay process running at a time). Writes
 * go through a rename, so a reader never sees half a file.
 */
const ROWS = 'rows.json';
const PUBLISHED = 'published.json';

const readJson = <T>(path: string, empty: T): T =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : empty;

const writeJson = (path: string, value: unknown): void => {
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
};

export const writeRows = (dir: string, rows: ReadonlyArray<OutboxMessage>): void =>
  writeJson(join(dir, ROWS), rows);

export const publishedPositions = (dir: string): ReadonlyArray<number> =>
  readJson<number[]>(join(dir, PUBLISHED), []);

export const createFileOutbox = (dir: string): Outbox => {
  const rows = () => readJson<OutboxMessage[]>(join(dir, ROWS), []);
  return {
    unpublished: async (limit) => {
      const published = new Set(publishedPositions(dir));
      return rows()
        .filter((row) => !published.has(row.position))
        .sort((a, b) => a.position - b.position)
        .slice(0, limit);
    },
    markPublished: async (positions) => {
      const published = new Set([...publishedPositions(dir), ...positions]);
      writeJson(
        join(dir, PUBLISHED),
        [...published].sort((a, b) => a - b),
      );
    },
    after: async (position, limit) =>
      rows()
        .filter((row) => row.position > position)
        .sort((a, b) => a.position - b.position)
        .slice(0, limit),
    backlog: async () => {
      const published = new Set(publishedPositions(dir));
      return rows().filter((row) => !published.has(row.position)).length;
    },
  };
};
