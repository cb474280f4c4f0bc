import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { dropSchema, openPgPool } from '@basket/store-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../postgres/harness';
import { createClient, notificationIdOf } from './support/client';
import { ROOT, runCli, spawnServer } from './support/server';
import { newBasket, preparedBasket, succeed } from './support/steps';
import { ALICE, credentials, keyOf, STORE } from './support/tokens';

const sh = promisify(execFile);
const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * `basket serve` from the sources with `env` on port 0, sent SIGTERM at the first stdout line for
 * which `stopAt` holds: its exit code and every line it wrote.
 */
const serveUntil = async (
  env: Record<string, string>,
  stopAt: (line: string, lines: ReadonlyArray<string>) => boolean,
): Promise<{ readonly code: number | null; readonly lines: ReadonlyArray<string> }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (stopAt(line, lines)) child.kill('SIGTERM');
  });
  return { code: await exited, lines };
};

describe('basket serve: logs (C-10.3, C-2.8)', () => {
  it('writes one JSON line per request, with no token, key or customer detail value', async () => {
    const server = await spawnServer();
    try {
      const client = await createClient(server.url);
      const alice = await credentials(ALICE);
      const id = await newBasket(client, alice);
      await succeed(
        client,
        alice,
        'PATCH',
        `/baskets/${id}/set-customer-details`,
        {
          customerDetails: [{ type: 'Email', value: { email: 'secret.alice@example.com' } }],
        },
        202,
      );
      await client.send('GET', '/nowhere', {});
      const paths = ['/openapi.json', '/baskets', `/baskets/${id}/set-customer-details`, '/nowhere'];
      const requestLines = () => server.logs.filter((line) => line.msg === 'request');
      for (const path of paths) await server.logged((line) => line.msg === 'request' && line.path === path);
      // One line per request: each request above appears once.
      expect(requestLines().filter((line) => line.path === '/nowhere')).toHaveLength(1);
      const everything = JSON.stringify(server.logs);
      expect(everything).not.toContain('secret.alice@example.com');
      expect(everything).not.toContain(alice.authorization?.slice('Bearer '.length));
      expect(everything).not.toContain(keyOf(STORE));
      expect(
        requestLines().every((line) => typeof line.status === 'number' && typeof line.method === 'string'),
      ).toBe(true);
      // Every line names its route pattern; a path no route matches is `unmatched`, as in the metrics.
      expect(requestLines().find((line) => line.path === '/nowhere')?.route).toBe('unmatched');
      expect(requestLines().find((line) => line.path === '/baskets')?.route).toBe('/baskets');
      expect(requestLines().every((line) => typeof line.route === 'string')).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe('basket serve: a request its client abandons (C-10.3)', () => {
  it('is logged as aborted, once, with its route and path: it may have changed the basket', async () => {
    // Slow providers hold createPaymentIntent's answer for its synchronous wait.
    const server = await spawnServer({ BASKET_PROVIDER_LATENCY_MS: '3000' });
    try {
      const client = await createClient(server.url);
      const alice = await credentials(ALICE);
      const { basketId } = await preparedBasket(client, alice, { withIntent: false });
      const path = `/baskets/${basketId}/payment-intents`;
      const request = httpRequest(new URL(path, server.url), {
        method: 'POST',
        headers: { ...alice, 'content-type': 'application/json' },
      });
      request.on('error', () => {});
      request.end('{}');
      // Taken in once the command locked the basket; the client goes away before the answer.
      for (let locked = false; !locked; ) {
        const basket = await client.send('GET', `/baskets/${basketId}`, alice);
        locked =
          typeof (basket.body as { activePaymentIntentId?: unknown }).activePaymentIntentId === 'string';
      }
      request.destroy();
      await server.logged((line) => line.msg === 'request aborted' && line.path === path);
      const lines = server.logs.filter((line) => line.path === path);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        method: 'POST',
        route: '/baskets/:id/payment-intents',
        aborted: true,
      });
    } finally {
      await server.stop();
    }
  });
});

describe('basket serve: shutdown (C-10.3)', () => {
  it('on SIGTERM finishes the commands it accepted, then exits 0; `basket events` shows them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'basket-http-'));
    temporary.push(dir);
    // Providers answer a payment intent after 2 s, so its creation is still running at SIGTERM.
    const env = { BASKET_DATABASE_URL: `pglite:${dir}`, BASKET_PROVIDER_LATENCY_MS: '2000' };
    const server = await spawnServer(env);
    const client = await createClient(server.url);
    const alice = await credentials(ALICE);
    const ids = await preparedBasket(client, alice, { withIntent: false });
    const accepted = await client.send('POST', `/baskets/${ids.basketId}/payment-intents`, alice, {
      json: {},
    });
    expect(accepted.status).toBe(202);
    const pending = await client.send('GET', `/notifications/${notificationIdOf(accepted)}?waitMs=0`, alice);
    expect(pending.body).toMatchObject({ status: 'Pending' });
    expect(await server.stop()).toBe(0);
    expect(server.logs.some((line) => line.msg === 'stopped')).toBe(true);

    const history = await runCli(['events', ids.basketId], env);
    expect(history.code, history.stderr).toBe(0);
    const types = history.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types[0]).toBe('BasketCreated');
    // The provider's confirmation, 2 s after the intent was accepted: shutdown waited for it.
    expect(types).toContain('ProviderBasketConfirmed');
    expect(history.stdout).not.toContain('someone@example.com');
  }, 180_000);

  it('with BASKET_SHUTDOWN_DELAY_MS, SIGTERM turns /readyz not-ready while every request is still served; a second signal ends the delay (C-10.3)', async () => {
    const server = await spawnServer({
      BASKET_SHUTDOWN_DELAY_MS: '120000',
      BASKET_SHUTDOWN_TIMEOUT_MS: '150000',
    });
    try {
      const client = await createClient(server.url);
      const alice = await credentials(ALICE);
      server.process.kill('SIGTERM');
      await server.logged((line) => line.msg === 'shutting down');
      // A load balancer's health check sees the process leave; its users do not.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      const created = await client.send('POST', '/baskets', alice);
      expect(created.status).toBe(200);
      expect(created.headers.get('connection')).not.toBe('close');
      // An operator's second signal: the shutdown goes on at once, as without a delay.
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.logs.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['shutting down without waiting further', 'stopped']),
      );
    } finally {
      server.process.kill('SIGKILL');
    }
  }, 60_000);

  it('exits 0 on SIGTERM when the reader of its log pipe has gone (C-10.3)', async () => {
    const server = await spawnServer();
    try {
      // The reader goes (a `| head` that has read enough): the shutdown's log lines are the first to
      // meet the broken pipe, at exit.
      server.process.stdout?.destroy();
      expect(await server.stop()).toBe(0);
    } finally {
      server.process.kill('SIGKILL');
    }
  }, 30_000);

  it('a SIGTERM that comes while it starts stops it once started, with exit 0 (C-10.3)', async () => {
    // The development-secret warning is the first line, written before the storage opens.
    const { code, lines } = await serveUntil(
      { BASKET_DATABASE_URL: 'memory:', BASKET_JWT_SECRET: '', NODE_ENV: 'test' },
      (_line, all) => all.length === 1,
    );
    expect(code).toBe(0);
    expect(lines[0]).toContain('BASKET_JWT_SECRET is unset');
    expect(lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  }, 30_000);

  it('names the schema and the catalog it opens and serves when it starts, and warns of the demo catalog in production', async () => {
    const { code, lines } = await serveUntil(
      {
        BASKET_DATABASE_URL: 'memory:',
        BASKET_DATABASE_SCHEMA: 'shop_eu',
        BASKET_CATALOG: '',
        BASKET_JWT_SECRET: 'a-production-secret-0123456789abcdef',
        NODE_ENV: 'production',
      },
      (line) => line.includes('"msg":"listening"'),
    );
    expect(code).toBe(0);
    const listening = JSON.parse(lines.find((line) => line.includes('"msg":"listening"')) ?? '{}');
    expect(listening).toMatchObject({ schema: 'shop_eu', catalog: 'demo' });
    // Before it, the line a start waiting on another process's migration stays at.
    const opening = lines.findIndex((line) => line.includes('"msg":"opening the storage"'));
    expect(opening).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(lines[opening] ?? '{}')).toMatchObject({ schema: 'shop_eu', database: 'memory:' });
    expect(opening).toBeLessThan(lines.findIndex((line) => line.includes('"msg":"listening"')));
    expect(lines.some((line) => line.includes('serving the demo catalog'))).toBe(true);
  }, 30_000);

  it('refuses to start in production without a JWT secret (C-10.1)', async () => {
    const started = await runCli(['serve'], {
      NODE_ENV: 'production',
      BASKET_JWT_SECRET: '',
      BASKET_DATABASE_URL: 'memory:',
    });
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain('BASKET_JWT_SECRET');
  });

  it('`basket token --contact ""` is refused: the service would refuse its empty sub (C-2.3)', async () => {
    const minted = await runCli(['token', '--contact', '']);
    expect(minted.code).not.toBe(0);
    expect(minted.stderr).toContain('--contact must be a contact id');
    expect(minted.stdout).toBe('');
  });

  /** A file of the demo catalog as `change` makes it, removed after the test. */
  const demoCatalogWith = async (
    change: (catalog: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'basket-catalog-'));
    temporary.push(dir);
    const catalog = JSON.parse(
      await readFile(join(ROOT, 'packages/providers-catalog/catalog/demo-catalog.json'), 'utf8'),
    ) as Record<string, unknown>;
    const file = join(dir, 'catalog.json');
    await writeFile(file, JSON.stringify(change(catalog)));
    return file;
  };

  it('refuses a catalog with no store: no request could name one by its API key (C-2.1, C-10.2)', async () => {
    const file = await demoCatalogWith((catalog) => ({ ...catalog, stores: [] }));
    const started = await runCli(['serve'], { BASKET_CATALOG: file, BASKET_DATABASE_URL: 'memory:' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('stores: the server needs at least one store');
  });

  it('refuses a store whose API key the service would not read (over 1,024 characters)', async () => {
    let stores: unknown[] = [];
    const file = await demoCatalogWith((catalog) => {
      const demo = catalog.stores as unknown[];
      stores = [...demo, { ...(demo[0] as object), id: 's'.repeat(800) }];
      return { ...catalog, stores };
    });
    const started = await runCli(['serve'], { BASKET_CATALOG: file, BASKET_DATABASE_URL: 'memory:' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(`stores.${stores.length - 1}.id: too long`);
  });

  it('refuses a BASKET_NATS_URL that names no server: exit 2 before doing anything (C-10.1)', async () => {
    const started = await runCli(['serve'], {
      BASKET_NATS_URL: 'garbage value',
      BASKET_DATABASE_URL: 'memory:',
    });
    expect(started.code).toBe(2);
    expect(started.stderr).toContain('basket: configuration: BASKET_NATS_URL');
    // One line: the command was right, so no usage follows.
    expect(started.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 1 when its port is taken, on PostgreSQL too: nothing it opened keeps the process alive', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const schema = `port_taken_${process.pid}`;
    const db = openPgPool(postgresUrl);
    try {
      const started = await runCli(['serve'], {
        PORT: String(port),
        BASKET_DATABASE_URL: postgresUrl,
        BASKET_DATABASE_SCHEMA: schema,
        // A process that never served leaves no rotation: the delay of a shutdown is not waited.
        BASKET_SHUTDOWN_DELAY_MS: '600000',
        BASKET_SHUTDOWN_TIMEOUT_MS: '900000',
      });
      expect(started.code).toBe(1);
      expect(started.stderr).toContain('EADDRINUSE');
    } finally {
      taken.close();
      await dropSchema(db, schema);
      await db.close();
    }
  }, 60_000);
});

describe('basket openapi', () => {
  it('ends quietly, exit 0, when its reader stops early (`basket openapi | head -c 100`)', async () => {
    // The document (about 150 kB) is larger than a pipe holds: once head has gone, a write fails.
    const piped = await sh(
      'bash',
      [
        '-c',
        `set -o pipefail; "${process.execPath}" --import tsx packages/server/src/cli.ts openapi | head -c 100 > /dev/null`,
      ],
      { cwd: ROOT },
    ).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
    );
    expect(piped).toEqual({ code: 0, stderr: '' });
  }, 30_000);
});

describe('basket serve: readiness beside a newer schema (docs/operations.md, "Upgrading")', () => {
  it('answers /readyz 503 once a newer version recorded a migration that stops it, so the load balancer moves on', async () => {
    const schema = `newer_schema_${process.pid}`;
    const db = openPgPool(postgresUrl);
    const server = await spawnServer({ BASKET_DATABASE_URL: postgresUrl, BASKET_DATABASE_SCHEMA: schema });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await db.query(
        `INSERT INTO ${schema}.schema_migrations (version, name, stops_earlier) VALUES (1000, 'from a newer version', true)`,
      );
      const answer = await fetch(`${server.url}/readyz`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
      await dropSchema(db, schema);
      await db.close();
    }
  }, 60_000);
});

describe('development start and basket token', () => {
  it('prints a curl line that works as printed, and `basket token` mints tokens the server accepts', async () => {
    const server = await spawnServer({ BASKET_JWT_SECRET: '' });
    try {
      expect(server.logs.some((line) => String(line.msg).includes('development secret'))).toBe(true);
      await server.stderrContains('API reference');
      const curl = server
        .stderr()
        .split('\n')
        .find((line) => line.trim().startsWith('curl '));
      expect(curl).toBeDefined();
      const { stdout } = await sh('sh', ['-c', curl ?? 'false']);
      expect(JSON.parse(stdout)).toMatchObject({ providerBaskets: [], vouchers: [] });

      const minted = await runCli(['token', '--contact', ALICE], { BASKET_JWT_SECRET: '' });
      expect(minted.code).toBe(0);
      const exports = Object.fromEntries(
        [...minted.stdout.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']),
      );
      expect(exports.BASKET_API_KEY).toBe(keyOf(STORE));
      const client = await createClient(server.url);
      const alice = {
        'x-api-key': exports.BASKET_API_KEY ?? '',
        authorization: `Bearer ${exports.BASKET_TOKEN}`,
      };
      const id = await newBasket(client, alice);
      await succeed(client, alice, 'PATCH', `/baskets/${id}/assign-contact`);
      const basket = await client.send('GET', `/baskets/${id}`, alice);
      expect(basket.body).toMatchObject({ contactId: ALICE });

      const unknownStore = await runCli(['token', '--store', 'nowhere']);
      expect(unknownStore.code).toBe(1);
      for (const help of [['token', '--help'], ['serve', '-h'], ['-h']]) {
        const usage = await runCli(help);
        expect([help, usage.code, usage.stdout]).toEqual([help, 0, expect.stringMatching(/^usage: basket/)]);
      }
    } finally {
      await server.stop();
    }
  });
});
