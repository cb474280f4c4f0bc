// docs/adapters.md:77
import { createPostgresStorage, type Db, dropSchema, openPgPool } from '@basket/store-postgres';
import { describeStorageConformance } from '@basket/testing';

const schema = `conformance_${Date.now().toString(36)}`;
let db: Db | undefined;

describeStorageConformance(
  'store-postgres on PostgreSQL',
  async () => {
    db = openPgPool(process.env.BASKET_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', { max: 8 });
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
export {};
