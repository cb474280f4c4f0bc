// Starts one server process of the on-sale benchmark (bench/onsale/server.ts) from a checkout of the
// service, and talks to it over its IPC channel.
import { type ChildProcess, spawn } from 'node:child_process';
import type { ServerStats, ServerTask } from './server';

export type Server = {
  readonly child: ChildProcess;
  readonly port: number;
  readonly stats: () => Promise<ServerStats>;
  readonly stop: () => Promise<void>;
};

export const startServer = (root: string, task: ServerTask): Promise<Server> =>
  new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        // BASKET_BENCH_BUILT=1: the service's built packages (`pnpm build` first), as in production.
        ...(process.env.BASKET_BENCH_BUILT === '1' ? [] : ['--conditions=@basket/source']),
        // BASKET_BENCH_CPU_PROF=<dir>: each server process writes a CPU profile there when it stops.
        ...(process.env.BASKET_BENCH_CPU_PROF === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${process.env.BASKET_BENCH_CPU_PROF}`]),
        '--import',
        'tsx',
        'bench/onsale/server.ts',
        JSON.stringify(task),
      ],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<void>((end) => child.once('exit', () => end()));
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before listening: ${stderr}`)));
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'listening' || typeof message.port !== 'number') return;
      const port = message.port;
      done({
        child,
        port,
        stats: () =>
          new Promise((answer) => {
            const listener = (reply: { type?: string; stats?: ServerStats }) => {
              if (reply.type !== 'stats' || reply.stats === undefined) return;
              child.off('message', listener);
              answer(reply.stats);
            };
            child.on('message', listener);
            child.send({ type: 'stats' });
          }),
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
