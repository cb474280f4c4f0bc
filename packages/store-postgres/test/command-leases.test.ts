import { describeCommandLeaseConformance } from '@basket/testing';
import { createPostgresStorage, openPglite } from '../src/index';
import { freshSchema, postgresTestDatabase, type TestDatabase } from './support';

describeCommandLeaseConformance('store-postgres on PGlite (in memory)', async () =>
  createPostgresStorage({ db: await openPglite('memory'), schema: freshSchema() }),
);

let database: TestDatabase | undefined;
describeCommandLeaseConformance(
  'store-postgres on PostgreSQL',
  async () => {
    database = await postgresTestDatabase(2);
    return database.storage();
  },
  async () => database?.cleanup(),
);
