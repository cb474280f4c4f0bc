import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../test/http/support/server';
import { type SpawnedServer, spawnServer } from './support/server';

/** Runs `pnpm demo`'s script (tsx packages/client/src/demo.ts) to completion. */
const runDemo = (
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['packages/client/src/demo.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
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

describe('pnpm demo', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    // No BASKET_JWT_SECRET: the server signs with its development secret, and so does the demo.
    server = await spawnServer({ BASKET_JWT_SECRET: '' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('walks through a whole purchase against a spawned server and exits 0', async () => {
    const { code, stdout, stderr } = await runDemo({
      BASKET_URL: server.url,
      BASKET_JWT_SECRET: '',
      BASKET_TOKEN: '',
      BASKET_API_KEY: '',
    });
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain('Leeds Lions v York Yaks');
    expect(stdout).toContain('Pie and a pint (cross-sold)');
    expect(stdout).toContain('voucher SHIRT10');
    expect(stdout).toContain('intent PaymentComplete');
    expect(stdout).toMatch(/TOTAL\s+£\d+\.\d\d/);
  });

  it('exits 1 with a hint when no server answers', async () => {
    const { code, stderr } = await runDemo({ BASKET_URL: 'http://127.0.0.1:9' });
    expect(code).toBe(1);
    expect(stderr).toContain('is the server running?');
  });
});
