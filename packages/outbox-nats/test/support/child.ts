import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const childScript = fileURLToPath(new URL('./relay-child.ts', import.meta.url));

export type RelayChild = {
  /** The first stdout line starting with `prefix`, rest of line (rejects if the child exits first). */
  readonly line: (prefix: string) => Promise<string>;
  /** Signals the process that runs the relay (tsx's child: a SIGKILL to tsx would not reach it). */
  readonly kill: (signal: NodeJS.Signals) => Promise<void>;
  /** tsx's exit code, once the relay process has ended. */
  readonly exited: Promise<number | null>;
};

const running: Array<{ wrapper: ChildProcess; relayPid: () => number | undefined }> = [];

const signal = (pid: number, name: NodeJS.Signals): void => {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
};

/** SIGKILLs this test file's relay processes still running (after a failed test). */
export const killRelayChildren = (): void => {
  for (const { wrapper, relayPid } of running.splice(0)) {
    const pid = relayPid();
    if (pid !== undefined) signal(pid, 'SIGKILL');
    if (wrapper.exitCode === null && wrapper.signalCode === null && wrapper.pid !== undefined) {
      signal(wrapper.pid, 'SIGKILL');
    }
  }
};

/** relay-child.ts in its own process through tsx. */
export const spawnRelayChild = (env: Record<string, string>): RelayChild => {
  const wrapper = spawn(tsx, [childScript], {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  const wakeAll = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  let buffer = '';
  let stderr = '';
  let done = false;
  wrapper.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    wakeAll();
  });
  wrapper.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<number | null>((resolve) => wrapper.once('exit', (code) => resolve(code)));
  void exited.then(() => {
    done = true;
    wakeAll();
  });

  const find = (prefix: string) =>
    lines
      .find((l) => l.startsWith(prefix))
      ?.slice(prefix.length)
      .trim();
  const line = async (prefix: string): Promise<string> => {
    for (;;) {
      const found = find(prefix);
      if (found !== undefined) return found;
      if (done) throw new Error(`relay child exited before "${prefix}": ${stderr}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const relayPid = () => {
    const pid = find('STARTED');
    return pid === undefined ? undefined : Number(pid);
  };
  running.push({ wrapper, relayPid });
  return {
    line,
    kill: async (name) => signal(Number(await line('STARTED')), name),
    exited,
  };
};
