import { describeStatsConformance } from '@basket/testing';
import { createPostgresStorage, openPglite } from '../src/index';
import { freshSchema, postgresTestDatabase, type TestDatabase } from './support';

describeStatsConformance('store-postgres on PGlite (in memory)', async () =>
  createPostgresStorage({ db: await openPglite('memory'), schema: freshSchema() }),
);

let database: TestDatabase | undefined;
describeStatsConformance(
  'store-postgres on PostgreSQL',
  async () => {
    database = await postgresTestDatabase(2);
    return database.storage();
  },
  async () => database?.cleanup(),
);
