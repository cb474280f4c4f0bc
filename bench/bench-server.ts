// Starts a benchmark's server in a process of its own (bench/server-process.ts).
import { fork } from 'node:child_process';
import type { ServerTask } from './server-process';

export type { ServerTask };

export type BenchServer = {
  readonly url: string;
  /** CPU time (user + system) of the server process so far, in µs. */
  readonly cpuMicros: () => Promise<number>;
  /** Starts a CPU profile of the server process; `stop` answers it (a `.cpuprofile` JSON). */
  readonly profile: () => Promise<{ readonly stop: () => Promise<string> }>;
  readonly stop: () => Promise<void>;
};

/**
 * `built`: the workspace packages from their built `dist/` (run `pnpm build` first), as the `basket`
 * command runs them, whose functions keep their names and lines in a CPU profile; otherwise from
 * source through tsx (which also wraps every function made to keep its name: a cost per closure).
 */
export const startBenchServer = (task: ServerTask, { built = false } = {}): Promise<BenchServer> =>
  new Promise((done, fail) => {
    const child = fork(new URL('./server-process.ts', import.meta.url), [JSON.stringify(task)], {
      execArgv: [...(built ? [] : ['--conditions=@basket/source']), '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((end) => child.once('exit', () => end()));
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening`)));
    /** Sends `request` and answers the first reply that `pick` finds something in. */
    const ask = <T>(request: string, pick: (reply: Record<string, unknown>) => T | undefined): Promise<T> =>
      new Promise((answer) => {
        const listener = (reply: Record<string, unknown>) => {
          const found = pick(reply);
          if (found === undefined) return;
          child.off('message', listener);
          answer(found);
        };
        child.on('message', listener);
        child.send(request);
      });
    child.once('message', (message: { port?: number }) =>
      done({
        url: `http://127.0.0.1:${message.port ?? 0}`,
        cpuMicros: () =>
          ask('cpu', (reply) => (typeof reply.cpuMicros === 'number' ? reply.cpuMicros : undefined)),
        profile: async () => {
          await ask('profile-start', (reply) => (reply.profiling === true ? true : undefined));
          return {
            stop: () =>
              ask('profile-stop', (reply) => (typeof reply.profile === 'string' ? reply.profile : undefined)),
          };
        },
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      }),
    );
  });
