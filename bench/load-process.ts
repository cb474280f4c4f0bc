// The load of bench/command-path.ts (autocannon driving add-until-Succeeded) in a process of its
// own, so that the server's event loop and CPU time are its own work only: forked by `loadElsewhere`
// as `node --import tsx bench/load-process.ts '<json>'` with an IPC channel, it sends autocannon's
// result and its own CPU time once the run is over, and exits.
import { createRequire } from 'node:module';
import { addProductChain } from './http-flows';

export type LoadTask = {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly headers: Readonly<Record<string, string>>;
};

const task = JSON.parse(process.argv[2] ?? '{}') as LoadTask;
const fromServer = createRequire(new URL('../packages/server/package.json', import.meta.url));
const autocannon = fromServer('autocannon') as (options: Record<string, unknown>) => Promise<unknown>;
const cpuBefore = process.cpuUsage();
const result = await autocannon({ ...task, requests: addProductChain });
const cpu = process.cpuUsage(cpuBefore);
process.send?.({ result, cpuMicros: cpu.user + cpu.system }, () => process.exit(0));
