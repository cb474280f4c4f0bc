import { type ChildProcess, execFile, fork } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, openPglite } from '../src/index';
import { lockFileOf } from '../src/pglite-lock';

const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const child = resolve(import.meta.dirname, 'fixtures/open-pglite.ts');
const taker = resolve(import.meta.dirname, 'fixtures/take-lock.ts');

const next = (taking: ChildProcess): Promise<unknown> => new Promise((done) => taking.once('message', done));

/** `count` processes try to take `dir`'s lock at one instant; answers how many got it. */
const takeAtOnce = async (dir: string, count: number): Promise<number> => {
  const at = Date.now() + 2_000;
  const takers = Array.from({ length: count }, () =>
    fork(taker, [dir, String(at)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
  );
  try {
    await Promise.all(takers.map(next));
    const answers = takers.map(next);
    for (const taking of takers) taking.send('go');
    return (await Promise.all(answers)).filter((answer) => answer === 'got').length;
  } finally {
    for (const taking of takers) if (taking.connected) taking.send('exit');
    await Promise.all(takers.map((taking) => new Promise((done) => taking.once('exit', done))));
  }
};

type ChildAnswer = { readonly code: number; readonly answer: Record<string, unknown> };

const openInChild = (dir: string): Promise<ChildAnswer> =>
  new Promise((done, fail) => {
    execFile(tsx, [child, dir], { encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      try {
        done({ code, answer: JSON.parse(stdout.trim()) });
      } catch {
        fail(new Error(`child answered no JSON (exit ${code}): ${stdout} ${stderr}`));
      }
    });
  });

/** The pid of a process that has exited: its lock is stale. */
const deadPid = (): Promise<number> =>
  new Promise((done, fail) => {
    const exited = execFile(process.execPath, ['-e', '0'], (error) => {
      if (error !== null || exited.pid === undefined) fail(error ?? new Error('no pid'));
      else done(exited.pid);
    });
  });

describe('PGlite data directory lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'basket-pglite-'));
  const template = join(root, 'template');
  let copies = 0;
  /** A closed data directory with a `marks` table: copying one is much faster than initdb. */
  const freshDir = (): string => {
    copies += 1;
    const dir = join(root, `copy-${copies}`);
    cpSync(template, dir, { recursive: true });
    return dir;
  };
  beforeAll(async () => {
    const db = await openPglite(template);
    await db.query('CREATE TABLE marks (pid int)');
    await db.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a second process with a clear error naming the owner, then serves it once released', async () => {
    const dir = freshDir();
    const db = await openPglite(dir);
    const refused = await openInChild(dir);
    expect(refused.code).toBe(3);
    expect(refused.answer).toMatchObject({ opened: false, owner: process.pid });
    expect(String(refused.answer.message)).toContain(`in use by process ${process.pid}`);
    // The refused process touched nothing: the owner still works on intact data.
    await db.query('INSERT INTO marks VALUES (1)');
    await db.close();
    const served = await openInChild(dir);
    expect(served).toEqual({ code: 0, answer: { opened: true, marksBefore: 1 } });
  }, 180_000);

  it('refuses a second open within the same process', async () => {
    const dir = freshDir();
    const db = await openPglite(dir);
    try {
      const again = openPglite(dir);
      await expect(again).rejects.toBeInstanceOf(DataDirectoryInUseError);
      // Said as such: not "stop that process", which is this one.
      await expect(again).rejects.toThrow('is already open in this process');
    } finally {
      await db.close();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = freshDir();
    const dead = await deadPid();
    writeFileSync(lockFileOf(dir), `${dead}\n`);
    const db = await openPglite(dir);
    const [row] = await db.query('SELECT 1 AS one');
    expect(row).toEqual({ one: 1 });
    await db.close();
  });

  it('of processes taking over one stale lock at the same instant, exactly one gets it', async () => {
    const dead = await deadPid();
    for (let round = 0; round < 4; round++) {
      const dir = join(root, `race-${round}`);
      mkdirSync(dir);
      writeFileSync(lockFileOf(dir), `${dead}\n`);
      expect(await takeAtOnce(dir, 3)).toBe(1);
    }
  }, 120_000);
});
