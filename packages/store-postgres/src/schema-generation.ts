import type { Queryable } from './db';
import { migrations } from './migrations';
import type { Tables } from './names';

/** The newest migration this version knows: named in every commit it writes (`writer`). */
export const KNOWN_MIGRATION: number = Math.max(...migrations.map((migration) => migration.version));

/**
 * The schema was migrated by a newer version of the service, past a migration that processes of
 * this version may not serve beside (`stopsEarlierProcesses`, migrations.ts): stop this process and
 * run the newer version (docs/operations.md, "Upgrading"). Thrown at start, and by a commit the
 * schema refused (SQLSTATE BK002) before writing anything.
 */
export class SchemaNewerThanProcessError extends Error {
  constructor(detail: string) {
    super(
      `${detail}: this process knows migrations up to ${KNOWN_MIGRATION}; stop it and run the version that migrated the schema`,
    );
    this.name = 'SchemaNewerThanProcessError';
  }
}

/** Throws `SchemaNewerThanProcessError` when the schema has a migration that stops this process. */
export const refuseNewerSchema = async (db: Queryable, t: Tables): Promise<void> => {
  const [row] = await db.query(
    `SELECT max(version) AS newest FROM ${t.migrations} WHERE stops_earlier AND version > $1`,
    [KNOWN_MIGRATION],
  );
  const newest = row?.newest;
  if (newest !== null && newest !== undefined)
    throw new SchemaNewerThanProcessError(
      `the schema ${t.schema} has migration ${String(newest)}, which stops processes of earlier versions`,
    );
};
