import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository root, where `tsx packages/server/src/cli.ts` runs. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * `node --import tsx packages/server/src/cli.ts`: what `tsx packages/server/src/cli.ts` runs, in one
 * process. The tsx CLI runs the script in a child and relays signals to it, but SIGKILLs a child that
 * has not acknowledged a SIGTERM within 30 ms (a busy event loop): that would hide C-10.3's shutdown.
 */
const cli = (args: ReadonlyArray<string>): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', 'packages/server/src/cli.ts', ...args],
];

export const TEST_SECRET = 'http-black-box-test-secret-0123456789';

export type LogLine = Record<string, unknown>;

export type SpawnedServer = {
  readonly url: string;
  readonly process: ChildProcess;
  /** Every JSON log line so far (stdout). */
  readonly logs: LogLine[];
  /** Everything written to stderr so far. */
  readonly stderr: () => string;
  /** Resolves once a log line satisfies `predicate` (log lines trail their responses). */
  readonly logged: (predicate: (line: LogLine) => boolean) => Promise<void>;
  /** Resolves once stderr contains `text`. */
  readonly stderrContains: (text: string) => Promise<void>;
  /** SIGTERM, then the exit code once the process is gone. */
  readonly stop: () => Promise<number | null>;
  /** Resolves when the process exits, with its code. */
  readonly exited: Promise<number | null>;
};

/** Runs the CLI with `args` to completion; answers its exit code and output. */
export const runCli = (
  args: ReadonlyArray<string>,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const [command, argv] = cli(args);
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: { ...process.env, BASKET_JWT_SECRET: TEST_SECRET, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

/**
 * Spawns `basket serve` on a free port (PORT=0) with in-memory storage, and resolves once its
 * "listening" log line names the port: no sleeps, the server says when it is ready.
 */
export const spawnServer = (env: Record<string, string> = {}): Promise<SpawnedServer> =>
  new Promise((resolve, reject) => {
    const [command, argv] = cli(['serve']);
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        BASKET_DATABASE_URL: 'memory:',
        BASKET_JWT_SECRET: TEST_SECRET,
        BASKET_PROVIDER_LATENCY_MS: '0',
        BASKET_NATS_URL: '',
        NODE_ENV: 'test',
        // Tests run niced on a shared machine, where the process can wait for a CPU longer than the
        // event-loop delay limit; that limit is tested on its own (packages/http/test).
        BASKET_MAX_EVENT_LOOP_DELAY_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs: LogLine[] = [];
    let stderr = '';
    let listening = false;
    const waiters: Array<{ text: string; done: () => void }> = [];
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const waiter of waiters.filter((w) => stderr.includes(w.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
    });
    const logWaiters: Array<{ predicate: (line: LogLine) => boolean; done: () => void }> = [];
    const logged = (predicate: (line: LogLine) => boolean): Promise<void> =>
      logs.some(predicate) ? Promise.resolve() : new Promise((done) => logWaiters.push({ predicate, done }));
    const stderrContains = (text: string): Promise<void> =>
      stderr.includes(text) ? Promise.resolve() : new Promise((done) => waiters.push({ text, done }));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    exited.then((code) => {
      if (!listening) reject(new Error(`the server exited (${code}) before listening:\n${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: LogLine;
      try {
        parsed = JSON.parse(line) as LogLine;
      } catch {
        parsed = { unparsed: line };
      }
      logs.push(parsed);
      for (const waiter of logWaiters.filter((w) => w.predicate(parsed))) {
        logWaiters.splice(logWaiters.indexOf(waiter), 1);
        waiter.done();
      }
      if (!listening && parsed.msg === 'listening' && typeof parsed.port === 'number') {
        listening = true;
        resolve({
          url: `http://127.0.0.1:${parsed.port}`,
          process: child,
          logs,
          stderr: () => stderr,
          stderrContains,
          logged,
          exited,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
  });
