import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never
 * shrinks. The service's working set is small (one basket's stream, its holds and commands at a
 * time): 16 MB keep it cached at a fraction of the resident memory (docs/operations.md).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export const pgliteStartParams = (): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
import(workerData.pglite).then(async ({ PGlite }) => {
  const db = await PGlite.create(workerData.dir, { startParams: workerData.startParams });
  await db.close();
  parentPort.postMessage('created');
}).catch((error) => parentPort.postMessage(String(error && error.message || error)));
`;

/**
 * Creates the cluster of a new data directory (PGlite's initdb) in a worker thread that then ends.
 * initdb runs as a second WebAssembly instance, and in the serving thread its memory (some 450 MB)
 * would stay reserved for the life of the process; a finished worker gives it back.
 */
export const initPgliteDirectory = async (dir: string): Promise<void> => {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { dir, pglite, startParams: pgliteStartParams() },
  });
  try {
    const answer = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PGlite initdb worker exited (${code})`)));
    });
    if (answer !== 'created') throw new Error(`PGlite could not create ${dir}: ${String(answer)}`);
  } finally {
    await worker.terminate();
  }
};
