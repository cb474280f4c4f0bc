import { describeStorageConformance } from '@basket/testing';
import { createPostgresStorage, openPglite } from '../src/index';
import { freshSchema } from './support';

const schema = freshSchema();

describeStorageConformance('store-postgres on PGlite (in memory)', async () =>
  createPostgresStorage({ db: await openPglite('memory'), schema }),
);
