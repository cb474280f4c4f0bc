import type { Commit, Storage } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitWriteSql, WRITER_OF_UNNAMED_COMMITS } from '../src/commit-write';
import { createPostgresStorage, SchemaNewerThanProcessError } from '../src/index';
import { migrations } from '../src/migrations';
import { tablesOf } from '../src/names';
import { KNOWN_MIGRATION } from '../src/schema-generation';
import { freshSchema, pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from './support';

const at = '2031-05-01T12:00:00.000Z';

/** One event on a fresh stream, holding one unit of a resource (what a basket's add writes). */
const addCommit = (streamId: string, resource: string): Commit => ({
  streamId,
  expectedVersion: 0,
  events: [{ type: 'LineItemAdded', data: { quantity: 1 } }],
  holds: { holder: streamId, holds: [{ resource, quantity: 1, capacity: 5 }] },
  at,
});

/** A newer version of the service migrates `schema` to `version`, stopping earlier processes or not. */
const newerMigration = (database: TestDatabase, schema: string, version: number, stopsEarlier: boolean) =>
  database.db.query(
    `INSERT INTO ${schema}.schema_migrations (version, name, stops_earlier) VALUES ($1, 'from a newer version', $2)`,
    [version, stopsEarlier],
  );

describe('processes beside a schema migrated by a newer version (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgresTestDatabase(2);
  });
  afterAll(() => database?.cleanup());

  it('records which migrations stop earlier processes: 6 and 11 so far', async () => {
    const schema = freshSchema();
    await database.storage(schema);
    const rows = await database.db.query(
      `SELECT version FROM ${schema}.schema_migrations WHERE stops_earlier ORDER BY version`,
    );
    expect(rows.map((row) => row.version)).toEqual([6, 11]);
    expect(migrations.filter((m) => m.stopsEarlierProcesses).map((m) => m.version)).toEqual([6, 11]);
  });

  it('keeps serving beside a newer migration that does not stop it', async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    await newerMigration(database, schema, KNOWN_MIGRATION + 1, false);
    expect((await storage.unitOfWork.commit(addCommit('basket-a', 'stock:pie')))._tag).toBe('Committed');
    await expect(database.storage(schema)).resolves.toBeDefined();
  });

  it('is ready beside a newer migration that does not stop it, and not once one does (what /readyz asks)', async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    await newerMigration(database, schema, KNOWN_MIGRATION + 1, false);
    await expect(storage.ready?.()).resolves.toBeUndefined();
    await newerMigration(database, schema, KNOWN_MIGRATION + 2, true);
    await expect(storage.ready?.()).rejects.toThrow(SchemaNewerThanProcessError);
  });

  it('refuses to start once a newer migration stops it', async () => {
    const schema = freshSchema();
    await database.storage(schema);
    await newerMigration(database, schema, KNOWN_MIGRATION + 1, true);
    const starting = createPostgresStorage({ db: database.db, schema, closeDb: false });
    await expect(starting).rejects.toThrow(SchemaNewerThanProcessError);
    await expect(starting).rejects.toThrow(`${schema} has migration ${KNOWN_MIGRATION + 1}`);
  });

  it("refuses the commits of a running process once the schema's commit_write wants a newer writer; nothing is written", async () => {
    const schema = freshSchema();
    const storage: Storage = await database.storage(schema);
    expect((await storage.unitOfWork.commit(addCommit('basket-a', 'stock:pie')))._tag).toBe('Committed');
    // What a future migration that stops earlier processes does, besides recording it.
    await database.db.exec(commitWriteSql(tablesOf(schema), 'fromMigration14', KNOWN_MIGRATION + 1));
    await expect(storage.unitOfWork.commit(addCommit('basket-b', 'stock:pie'))).rejects.toThrow(
      SchemaNewerThanProcessError,
    );
    await expect(storage.unitOfWork.commit(addCommit('basket-c', 'stock:pie'))).rejects.toThrow(
      `processes knowing migrations up to ${KNOWN_MIGRATION} may not serve beside`,
    );
    expect(await storage.events.readStream('basket-b')).toEqual([]);
    const [held] = await database.db.query(
      `SELECT count(*)::int AS holders, (SELECT sum(units)::int FROM ${schema}.hold_counts) AS counted FROM ${schema}.holds`,
    );
    expect(held).toEqual({ holders: 1, counted: 1 });
  });

  it(`takes a commit that names no writer for one of a process knowing migrations up to ${WRITER_OF_UNNAMED_COMMITS}`, async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    const unnamed = (streamId: string) =>
      database.db.query(`SELECT ${schema}.commit_write($1::jsonb)`, [
        JSON.stringify({
          at,
          locks: [],
          checks: [],
          events: [{ streamId, version: 1, type: 'BasketCreated', data: {} }],
        }),
      ]);
    await unnamed('basket-old-1');
    await database.db.exec(
      commitWriteSql(tablesOf(schema), 'fromMigration14', WRITER_OF_UNNAMED_COMMITS + 1),
    );
    await expect(unnamed('basket-old-2')).rejects.toThrow(
      `processes knowing migrations up to ${WRITER_OF_UNNAMED_COMMITS} may not serve beside`,
    );
    expect((await storage.unitOfWork.commit(addCommit('basket-new', 'stock:pie')))._tag).toBe('Committed');
  });

  it('every migration from 14 on that stops earlier processes makes commit_write again with its version as the minimum', () => {
    const t = tablesOf('s');
    expect(migrations.find((m) => m.version === 14)?.sql(t)).toBe(commitWriteSql(t, 'fromMigration14', 11));
    for (const migration of migrations.filter((m) => m.stopsEarlierProcesses && m.version >= 14))
      expect(migration.sql(t)).toContain(commitWriteSql(t, 'fromMigration14', migration.version));
  });
});

describe('processes beside a schema migrated by a newer version (PGlite)', () => {
  it('refuses to start', async () => {
    const database = await pgliteTestDatabase();
    try {
      const schema = freshSchema();
      await database.storage(schema);
      await newerMigration(database, schema, KNOWN_MIGRATION + 7, true);
      await expect(database.storage(schema)).rejects.toThrow(SchemaNewerThanProcessError);
    } finally {
      await database.cleanup();
    }
  });
});
