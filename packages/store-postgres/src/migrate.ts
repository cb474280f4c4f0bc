import { advisoryLockSql, type Db, type TransactionQueryable } from './db';
import { advisoryLock, lockClass } from './locks';
import { migrations } from './migrations';
import { type Tables, tablesOf } from './names';
import { refuseNewerSchema } from './schema-generation';
import { int } from './values';

/**
 * Applies the migrations that `schema` lacks, all in one transaction under an advisory lock, so
 * two processes starting at once neither race nor half-migrate. Returns the versions it applied.
 * Throws `SchemaNewerThanProcessError` when a newer version has migrated the schema past what this
 * process may serve beside.
 */
export const migrate = async (db: Db, schema: string): Promise<ReadonlyArray<number>> => {
  const t: Tables = tablesOf(schema);
  return db.transaction(async (tx) => {
    // A migration may rewrite a large table, and another process may wait for it under the lock:
    // no statement timeout (pg-driver.ts) cuts either short, and a script has no read timeout.
    await tx.exec(
      `SET LOCAL statement_timeout = 0;\n${advisoryLockSql(advisoryLock(t.schema, lockClass.migrate, 'schema'))}`,
    );
    // The process that held the lock may have just made the schema and its tables. A backend takes
    // in such news of other sessions when it locks a relation, not when it gets an advisory lock:
    // a connection that had looked the schema up while it did not exist (a DROP SCHEMA IF EXISTS,
    // a migration of an earlier test) would take it as absent still, and its CREATE … IF NOT EXISTS
    // would fail on a duplicate key. Locking a catalog (ACCESS SHARE, which nothing else takes)
    // brings its view of the catalogs up to date.
    await tx.query('LOCK TABLE pg_catalog.pg_namespace IN ACCESS SHARE MODE');
    // A schema already migrated this far is left as it is, without a statement that needs more than
    // reading it: a role that only reads and writes the schema's tables can start (docs/operations.md).
    if (await upToDate(tx, t)) {
      await refuseNewerSchema(tx, t);
      return [];
    }
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${t.schema}`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${t.migrations} (
        version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`,
    );
    // Which migrations stop processes of earlier versions (schema-generation.ts): kept with them in
    // the schema, where processes of later versions than this one read it.
    await tx.query(
      `ALTER TABLE ${t.migrations} ADD COLUMN IF NOT EXISTS stops_earlier boolean NOT NULL DEFAULT false`,
    );
    const rows = await tx.query(`SELECT version FROM ${t.migrations}`);
    const applied = new Set(rows.map((row) => int(row, 'version')));
    const missing = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of missing) {
      await tx.exec(migration.sql(t));
      await tx.query(`INSERT INTO ${t.migrations} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    const stopping = migrations.filter((m) => m.stopsEarlierProcesses).map((m) => m.version);
    await tx.query(
      `UPDATE ${t.migrations} SET stops_earlier = true WHERE version = ANY ($1::integer[]) AND NOT stops_earlier`,
      [stopping],
    );
    await refuseNewerSchema(tx, t);
    return missing.map((migration) => migration.version);
  });
};

/**
 * Whether the schema has every migration of this process, each one that stops earlier processes
 * marked so: read through the catalogs first, so that nothing is asked of a schema not made yet.
 */
const upToDate = async (tx: TransactionQueryable, t: Tables): Promise<boolean> => {
  const [found] = await tx.query(
    `SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute
       WHERE attrelid = to_regclass($1) AND attname = 'stops_earlier' AND NOT attisdropped) AS ready`,
    [t.migrations],
  );
  if (found?.ready !== true) return false;
  const rows = await tx.query(`SELECT version, stops_earlier FROM ${t.migrations}`);
  const marked = new Map(rows.map((row) => [int(row, 'version'), row.stops_earlier === true]));
  return migrations.every(
    (migration) =>
      marked.has(migration.version) && (!migration.stopsEarlierProcesses || marked.get(migration.version)),
  );
};

/** Drops a schema and everything in it: for tests that made their own. */
export const dropSchema = async (db: Db, schema: string): Promise<void> => {
  await db.query(`DROP SCHEMA IF EXISTS ${tablesOf(schema).schema} CASCADE`);
};
