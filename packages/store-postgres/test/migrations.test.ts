import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, migrate, openPgPool } from '../src/index';
import { migrations } from '../src/migrations';
import {
  freshSchema,
  pgliteTestDatabase,
  postgresTestDatabase,
  postgresUrl,
  type TestDatabase,
} from './support';

const latest = Math.max(...migrations.map((migration) => migration.version));

describe('migrations on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgresTestDatabase(2);
  });
  afterAll(() => database?.cleanup());

  it('are applied once when several processes start at once, and are idempotent', async () => {
    const schema = freshSchema();
    await database.storage(schema); // registers the schema for cleanup, and migrates it
    await database.db.query(`DROP SCHEMA ${schema} CASCADE`);
    const pools = Array.from({ length: 4 }, () => openPgPool(postgresUrl, { max: 1 }));
    try {
      const applied = await Promise.all(pools.map((db) => migrate(db, schema)));
      expect(applied.filter((versions) => versions.length > 0)).toEqual([migrations.map((m) => m.version)]);
      const storages = await Promise.all(
        pools.map((db) => createPostgresStorage({ db, schema, closeDb: false })),
      );
      expect(storages).toHaveLength(4);
      const rows = await database.db.query(
        `SELECT version FROM ${schema}.schema_migrations ORDER BY version`,
      );
      expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
      expect(await migrate(database.db, schema)).toEqual([]);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('refuse a schema name that is not a plain identifier', async () => {
    await expect(createPostgresStorage({ db: database.db, schema: 'x; DROP TABLE y' })).rejects.toThrow(
      /invalid schema name/,
    );
  });
});

describe('migrations on PGlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await pgliteTestDatabase();
  });
  afterAll(() => database?.cleanup());

  it('bring a fresh schema to the latest version, once', async () => {
    const schema = freshSchema();
    await database.storage(schema);
    const [row] = await database.db.query(`SELECT max(version) AS version FROM ${schema}.schema_migrations`);
    expect(row?.version).toBe(latest);
    expect(await migrate(database.db, schema)).toEqual([]);
  });
});
