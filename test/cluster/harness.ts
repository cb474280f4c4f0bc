import { randomBytes } from 'node:crypto';
import { type Db, dropSchema, migrate, openPgPool } from '@basket/store-postgres';
import { type Client, createClient } from '../http/support/client';
import { type SpawnedServer, spawnServer } from '../http/support/server';

/** The test PostgreSQL server. Unreachable → the tests fail: they never skip. */
export const postgresUrl = process.env.BASKET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type ClusterOptions = {
  /** How many server processes share the database (default 2). */
  readonly processes?: number;
  /** Extra environment of every process (e.g. `BASKET_PROVIDER_LATENCY_MS`). */
  readonly env?: Readonly<Record<string, string>>;
};

/**
 * A client of the whole cluster: `send` and `settle` go to the processes in turn (round robin,
 * as a load balancer would), so two consecutive requests never reach the same process when there
 * are two. `on(i)` is the client of process `i` alone, to pick a process explicitly.
 */
export type ClusterClient = Client & {
  readonly on: (index: number) => Client;
  /** The index of the process that the next `send` or `settle` request goes to. */
  readonly nextIndex: () => number;
};

export type Cluster = {
  /** The base URL of each process, in order. */
  readonly urls: ReadonlyArray<string>;
  readonly client: ClusterClient;
  /** The spawned processes (their logs, stderr, exit). */
  readonly servers: ReadonlyArray<SpawnedServer>;
  /** The schema that every process stores its tables in, and a pool on its database. */
  readonly schema: string;
  readonly db: Db;
  /** Stops every process (SIGTERM), drops the schema and closes the pool. */
  readonly stop: () => Promise<void>;
};

/**
 * Starts `processes` server processes (default 2) of `basket serve` on ONE PostgreSQL database,
 * in one fresh schema of this cluster alone (`BASKET_DATABASE_SCHEMA`). The schema is migrated
 * here first, so an unreachable PostgreSQL fails the test before any process starts.
 */
export const startCluster = async (options: ClusterOptions = {}): Promise<Cluster> => {
  const count = options.processes ?? 2;
  if (!Number.isInteger(count) || count < 1) throw new Error(`processes must be 1 or more, not ${count}`);
  const schema = `basket_cluster_${randomBytes(6).toString('hex')}`;
  const db = openPgPool(postgresUrl, { max: 2 });
  const servers: SpawnedServer[] = [];
  const stop = async (): Promise<void> => {
    const codes = await Promise.allSettled(servers.map((server) => server.stop()));
    try {
      await dropSchema(db, schema);
    } finally {
      await db.close();
    }
    const failed = codes.flatMap((code, i) =>
      code.status === 'rejected' ? [`process ${i}: ${String(code.reason)}`] : [],
    );
    if (failed.length > 0) throw new Error(`cluster stop failed: ${failed.join('; ')}`);
  };
  try {
    await migrate(db, schema);
    const started = await Promise.allSettled(
      Array.from({ length: count }, () =>
        spawnServer({
          BASKET_DATABASE_URL: postgresUrl,
          BASKET_DATABASE_SCHEMA: schema,
          ...options.env,
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    const clients = await Promise.all(servers.map((server) => createClient(server.url)));
    return {
      urls: servers.map((server) => server.url),
      client: roundRobin(clients),
      servers,
      schema,
      db,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
};

const roundRobin = (clients: ReadonlyArray<Client>): ClusterClient => {
  let turn = 0;
  const next = (): Client => {
    const client = clients[turn % clients.length];
    turn += 1;
    if (client === undefined) throw new Error('a cluster has at least one process');
    return client;
  };
  const first = clients[0];
  if (first === undefined) throw new Error('a cluster has at least one process');
  return {
    url: first.url,
    contract: first.contract,
    send: (method, path, credentials, options) => next().send(method, path, credentials, options),
    // Each long poll goes to the next process: a notification completed by one process is
    // awaited through the other (C-6.5).
    settle: async (notificationId, credentials) => {
      for (;;) {
        const reply = await next().send('GET', `/notifications/${notificationId}?waitMs=10000`, credentials);
        if (reply.status !== 200)
          throw new Error(`notification ${notificationId}: ${reply.status} ${reply.text}`);
        const notification = reply.body as Record<string, unknown>;
        if (notification.status !== 'Pending') return notification;
      }
    },
    on: (index) => {
      const client = clients[index];
      if (client === undefined) throw new Error(`no process ${index} (the cluster has ${clients.length})`);
      return client;
    },
    nextIndex: () => turn % clients.length,
  };
};
