import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file of a PGlite data directory, naming the process that has it open. */
export const lockFileOf = (dir: string): string => join(dir, 'basket.lock');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
};

const ownerOf = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

const removeIfPresent = (file: string): void => {
  try {
    unlinkSync(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
};

const heldHere = new Set<string>();

const isMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

/**
 * Moves a lock file found stale out of the way. Another process may have taken the stale lock over
 * between our read and now, so the file is first renamed to a name of our own (one rename wins) and
 * what it holds is read again: a live process's lock, moved by mistake, is put back and named in the
 * error. (Removing the file outright let two processes starting at once after a crash each delete
 * the other's fresh lock and both open the directory.)
 */
const takeAwayStale = (dir: string, file: string, staleOwner: number | undefined): void => {
  const moved = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, moved);
  } catch (error) {
    if (isMissing(error)) return; // Another process took it away first: try to link again.
    throw error;
  }
  const owner = ownerOf(moved);
  if (owner !== undefined && owner !== staleOwner && owner !== process.pid && isAlive(owner)) {
    try {
      linkSync(moved, file);
    } finally {
      removeIfPresent(moved);
    }
    throw new DataDirectoryInUseError(dir, owner);
  }
  removeIfPresent(moved);
};

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `the PGlite data directory ${dir} is already open in this process: PGlite opens a directory ` +
            'once; share the storage that opened it, or close it before opening the directory again'
        : `the PGlite data directory ${dir} is in use by process ${pid}: PGlite serves one process per ` +
            'directory; stop that process, or use PostgreSQL (BASKET_DATABASE_URL=postgres://…) to share data',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/**
 * Takes the directory's lock for this process, or throws `DataDirectoryInUseError` when a live
 * process holds it. A lock left by a dead process (killed, crashed) is taken over. The file is
 * created by a hard link from a file that already holds our pid, so no reader sees it empty.
 * Returns the release function.
 */
export const lockDataDirectory = (dir: string): (() => void) => {
  const file = lockFileOf(dir);
  if (heldHere.has(file)) throw new DataDirectoryInUseError(dir, process.pid);
  const staging = `${file}.${process.pid}`;
  writeFileSync(staging, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(staging, file);
        break;
      } catch (error) {
        const exists =
          typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST';
        if (!exists || attempt >= 3) throw error;
        const owner = ownerOf(file);
        if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
          throw new DataDirectoryInUseError(dir, owner);
        }
        // Stale: its process is gone (or it is our own pid from an earlier life, reused).
        takeAwayStale(dir, file, owner);
      }
    }
  } finally {
    removeIfPresent(staging);
  }
  heldHere.add(file);
  const release = (): void => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    if (ownerOf(file) === process.pid) removeIfPresent(file);
  };
  process.on('exit', release);
  return release;
};
