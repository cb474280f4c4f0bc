// The baselines of bench/http-apart.ts in a process of their own, as the service runs in its own:
// a bare Fastify route answering a basket-sized JSON (`GET /basket`), and one writing a row through
// `pg` per request (`POST /write`: one INSERT, its own transaction) when a PostgreSQL URL is given.
// Forked with an IPC channel and `{ body, postgresUrl? }` as its argument; sends `{ port }` once
// listening and stops on SIGTERM or when its parent goes.
import { createRequire } from 'node:module';
import { openPgPool } from '../packages/store-postgres/src/index';

type Bare = {
  get: (path: string, handler: () => Promise<object>) => void;
  post: (path: string, handler: (request: { body: unknown }) => Promise<object>) => void;
  listen: (options: { port: number; host: string }) => Promise<string>;
  server: { address: () => { port: number } | string | null };
  close: () => Promise<void>;
};

const task = JSON.parse(process.argv[2] ?? '{}') as { body: object; postgresUrl?: string };
const fastify = createRequire(new URL('../packages/server/package.json', import.meta.url))(
  'fastify',
) as () => Bare;
const app = fastify();
app.get('/basket', async () => task.body);
const pool = task.postgresUrl === undefined ? undefined : openPgPool(task.postgresUrl);
if (pool !== undefined) {
  await pool.exec(
    'DROP TABLE IF EXISTS bench_bare_insert; CREATE TABLE bench_bare_insert (id bigserial PRIMARY KEY, body jsonb NOT NULL)',
  );
  app.post('/write', async (request) => {
    await pool.query('INSERT INTO bench_bare_insert (body) VALUES ($1::jsonb)', [
      JSON.stringify(request.body),
    ]);
    return { written: true };
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
const stop = async () => {
  await app.close();
  await pool?.exec('DROP TABLE IF EXISTS bench_bare_insert');
  await pool?.close();
  process.exit(0);
};
process.once('disconnect', () => void stop());
process.once('SIGTERM', () => void stop());
