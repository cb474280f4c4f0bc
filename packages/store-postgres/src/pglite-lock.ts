import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** The pid a lock file names; undefined when it names none; `'absent'` when there is no file. */
const lockOwner = (file: string): number | 'absent' | undefined => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return isMissing(error) ? 'absent' : undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
};

const ownerOf = (file: string): number | undefined => {
  const owner = lockOwner(file);
  return owner === 'absent' ? undefined : owner;
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

/** Creates `target` as a hard link to `source`; false when `target` exists. */
const linked = (source: string, target: string): boolean => {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST')
      return false;
    throw error;
  }
};

/** The owner of `file` when it is a live process other than this one. */
const liveOwnerOf = (file: string): number | undefined => {
  const owner = ownerOf(file);
  return owner !== undefined && owner !== process.pid && isAlive(owner) ? owner : undefined;
};

/**
 * Removes a lock file found stale, under a second lock (`.takeover`, taken like the first) so that
 * one process at a time may remove it, and only after reading again that its owner is gone: a live
 * lock is never removed. (Removing the file outright let two processes starting at once after a
 * crash each delete the other's fresh lock; moving it aside first still left a moment without a lock
 * file, in which a third process took it while the mover put a live lock back: two owners.) A
 * `.takeover` whose process died while holding it, in that moment, is removed in turn; two processes
 * removing one such `.takeover` at once could still both take over, a crash inside a crash's
 * takeover.
 */
const takeAwayStale = (dir: string, file: string, staging: string): void => {
  const takeover = `${file}.takeover`;
  if (!linked(staging, takeover)) {
    // Ours from an earlier life (a reused pid), or of a process gone: stale.
    const holder = ownerOf(takeover);
    if (holder !== undefined && (holder === process.pid || !isAlive(holder))) removeIfPresent(takeover);
    return; // Another process is taking over: look again.
  }
  try {
    const owner = lockOwner(file);
    // Gone already (taken and released, or being taken right now by a link): look again. Removing
    // an absent file's name here could remove a lock linked in the meantime.
    if (owner === 'absent') return;
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new DataDirectoryInUseError(dir, owner);
    }
    // Present and stale: no link can replace a file that exists, and only a holder of `.takeover`
    // removes one, so the file removed is the stale one read.
    removeIfPresent(file);
  } finally {
    removeIfPresent(takeover);
  }
};

/** Looks at a lock held by others this many times at most before naming its holder. */
const MAX_LOOKS = 10_000;

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
    for (let look = 0; !linked(staging, file); look += 1) {
      const owner = liveOwnerOf(file);
      if (owner !== undefined) throw new DataDirectoryInUseError(dir, owner);
      if (look >= MAX_LOOKS) {
        // Others have kept taking it over all this time: name one of them.
        throw new DataDirectoryInUseError(dir, ownerOf(`${file}.takeover`) ?? ownerOf(file) ?? 0);
      }
      // Stale: its process is gone (or it is our own pid from an earlier life, reused).
      takeAwayStale(dir, file, staging);
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
