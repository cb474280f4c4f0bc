import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, migrate, openPgPool, schemaNameProblem } from '../src/index';
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

  it('start at once on connections that last saw the schema absent (a CREATE … IF NOT EXISTS must see the others’ work)', async () => {
    const schema = freshSchema();
    await database.storage(schema); // registers the schema for cleanup
    const pools = Array.from({ length: 3 }, () => openPgPool(postgresUrl, { max: 1 }));
    try {
      for (let round = 0; round < 8; round += 1) {
        // Each connection looks the schema up while it does not exist: its catalog cache says so.
        for (const db of pools) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        const started = await Promise.allSettled(pools.map((db) => migrate(db, schema)));
        expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
      }
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('10: the notification JSON of an outbox row is written by a function PostgreSQL can inline', async () => {
    const schema = freshSchema();
    await database.storage(schema);
    // A SQL function declared IMMUTABLE around STABLE calls (to_char) is parsed and planned on each
    // call instead of inlined.
    const rows = await database.db.query(
      `SELECT p.provolatile FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1 AND p.proname = 'notification_json'`,
      [schema],
    );
    expect(rows).toEqual([{ provolatile: 's' }]);
  });

  it('19: hold rows take no write but replace_holds’s, whose counts move with them (a rolled-back process)', async () => {
    const schema = freshSchema();
    await database.storage(schema);
    // What a process from before the counts did: rows written straight into the table.
    const direct = [
      `INSERT INTO ${schema}.holds (resource, holder, quantity, capacity, expires_at) VALUES ('stock:x', 'basket-1', 1, 5, NULL)`,
      `DELETE FROM ${schema}.holds`,
      `UPDATE ${schema}.holds SET quantity = 2`,
      `TRUNCATE ${schema}.holds`,
    ];
    for (const statement of direct) {
      await expect(database.db.query(statement), statement).rejects.toThrow(
        /written by replace_holds alone, which keeps their counts/,
      );
    }
    // replace_holds itself writes them, with their count.
    const [refused] = await database.db.query(
      `SELECT ${schema}.replace_holds('basket-1', 1, now(), ARRAY['stock:x'], ARRAY[2], ARRAY[5],
        ARRAY[NULL::timestamptz], ARRAY[7]) AS refused`,
    );
    expect(refused?.refused).toBeNull();
    const held = await database.db.query(
      `SELECT (SELECT sum(quantity) FROM ${schema}.holds WHERE resource = 'stock:x')::int AS rows,
              (SELECT sum(units) FROM ${schema}.hold_counts WHERE resource = 'stock:x')::int AS counted`,
    );
    expect(held).toEqual([{ rows: 2, counted: 2 }]);
    // Once replace_holds has returned, the table refuses again.
    await expect(database.db.query(`DELETE FROM ${schema}.holds WHERE holder = 'basket-1'`)).rejects.toThrow(
      /replace_holds alone/,
    );
  });

  it('ask nothing but reads of a schema already migrated: a role that may only read and write its tables and run its functions starts and commits (docs/operations.md)', async () => {
    const schema = freshSchema();
    await database.storage(schema); // migrated by the owner, and dropped at the end
    const role = `${schema}_app`;
    await database.db.query(`CREATE ROLE ${role} LOGIN`);
    await database.db.query(
      `GRANT USAGE ON SCHEMA ${schema} TO ${role};
       GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role};
       GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role};
       GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${role};`,
    );
    const url = new URL(postgresUrl);
    url.username = role;
    const db = openPgPool(url.toString(), { max: 2 });
    try {
      expect(await migrate(db, schema)).toEqual([]);
      const storage = await createPostgresStorage({ db, schema, closeDb: false });
      const committed = await storage.unitOfWork.commit({
        streamId: 'basket-least-privilege',
        expectedVersion: 0,
        events: [{ type: 'VoucherRemoved', data: { voucherCode: 'SHIRT10' }, schemaVersion: 2 }],
        at: new Date().toISOString(),
      });
      expect(committed._tag).toBe('Committed');
      expect(await storage.events.readStream('basket-least-privilege')).toHaveLength(1);
      // A schema this role would have to change is refused for want of rights, not half-migrated.
      await database.db.query(`DELETE FROM ${schema}.schema_migrations WHERE version = $1`, [latest]);
      await expect(migrate(db, schema)).rejects.toThrow(/permission denied|must be owner/);
    } finally {
      await db.close();
      await database.db.query(`DROP OWNED BY ${role}; DROP ROLE ${role}`);
    }
  });

  it('refuse a schema name PostgreSQL takes only quoted: every keyword it will not take unquoted (user, select, binary…)', async () => {
    const rows = await database.db.query(
      `SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'T', 'C') ORDER BY word`,
    );
    const keywords = rows.map((row) => String(row.word));
    expect(keywords).toContain('user');
    expect(keywords.filter((word) => schemaNameProblem(word) === undefined)).toEqual([]);
    expect(schemaNameProblem('user')).toBe('it is a keyword of PostgreSQL’s SQL');
    // Unreserved keywords name schemas like any other word.
    expect(['abort', 'access', 'basket'].map(schemaNameProblem)).toEqual([undefined, undefined, undefined]);
  });

  it('a storage closed twice closes its pool once, the second close answering the first', async () => {
    const schema = freshSchema();
    await database.storage(schema); // migrated, and dropped at the end
    const storage = await createPostgresStorage({ db: openPgPool(postgresUrl, { max: 1 }), schema });
    await expect(Promise.all([storage.close(), storage.close()])).resolves.toEqual([undefined, undefined]);
    await expect(storage.close()).resolves.toBeUndefined();
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

  it('7: events written before schema versions read back as version 1; later ones keep theirs', async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    // The schema as it was at version 6, with an event written by that version's code.
    await database.db.query(`ALTER TABLE ${schema}.events DROP COLUMN schema_version`);
    await database.db.query(`DELETE FROM ${schema}.schema_migrations WHERE version = 7`);
    await database.db.query(
      `INSERT INTO ${schema}.events (stream_id, version, type, data, recorded)
        VALUES ('basket-old', 1, 'VoucherRemoved', '{"code":"SHIRT10"}', now())`,
    );
    expect(await migrate(database.db, schema)).toEqual([7]);
    const [old] = await storage.events.readStream('basket-old');
    expect(old?.schemaVersion).toBeUndefined();
    expect(old?.data).toEqual({ code: 'SHIRT10' });
    const committed = await storage.unitOfWork.commit({
      streamId: 'basket-new',
      expectedVersion: 0,
      events: [{ type: 'VoucherRemoved', data: { voucherCode: 'SHIRT10' }, schemaVersion: 2 }],
      at: new Date().toISOString(),
    });
    expect(committed._tag).toBe('Committed');
    const [current] = await storage.events.readStream('basket-new');
    expect(current?.schemaVersion).toBe(2);
  });
});
