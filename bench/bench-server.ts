// Starts a benchmark's server in a process of its own (bench/server-process.ts).
import { fork } from 'node:child_process';
import type { ServerTask } from './server-process';

export type { ServerTask };

export type BenchServer = {
  readonly url: string;
  /** CPU time (user + system) of the server process so far, in µs. */
  readonly cpuMicros: () => Promise<number>;
  readonly stop: () => Promise<void>;
};

export const startBenchServer = (task: ServerTask): Promise<BenchServer> =>
  new Promise((done, fail) => {
    const child = fork(new URL('./server-process.ts', import.meta.url), [JSON.stringify(task)], {
      // BASKET_BENCH_CPU_PROF=<dir>: the server process writes a CPU profile there when it stops.
      execArgv: [
        '--conditions=@basket/source',
        '--import',
        'tsx',
        ...(process.env.BASKET_BENCH_CPU_PROF === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${process.env.BASKET_BENCH_CPU_PROF}`]),
      ],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((end) => child.once('exit', () => end()));
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening`)));
    child.once('message', (message: { port?: number }) =>
      done({
        url: `http://127.0.0.1:${message.port ?? 0}`,
        cpuMicros: () =>
          new Promise((answer) => {
            const listener = (reply: { cpuMicros?: number }) => {
              if (typeof reply.cpuMicros !== 'number') return;
              child.off('message', listener);
              answer(reply.cpuMicros);
            };
            child.on('message', listener);
            child.send('cpu');
          }),
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      }),
    );
  });
