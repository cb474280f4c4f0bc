import { describeStorageConformance } from '@basket/testing';
import type { Db } from '../src/index';
import { createPostgresStorage, dropSchema, openPgPool } from '../src/index';
import { freshSchema, postgresUrl } from './support';

// A schema of this file's own, dropped afterwards: runs and parallel test files never collide.
const schema = freshSchema();
let db: Db | undefined;

describeStorageConformance(
  'store-postgres on PostgreSQL',
  async () => {
    db = openPgPool(postgresUrl, { max: 8 });
    return createPostgresStorage({ db, schema, closeDb: false });
  },
  async () => {
    if (db === undefined) return;
    try {
      await dropSchema(db, schema);
    } finally {
      await db.close();
    }
  },
);
