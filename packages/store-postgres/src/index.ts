export type {
  AdvisoryLock,
  CommitBatching,
  Db,
  InlineParam,
  Queryable,
  Row,
  Statement,
  TransactionBody,
  TransactionOpening,
  TransactionQueryable,
} from './db';
export { defaultPgliteDir, openDbFromUrl, storageFromUrl } from './from-url';
export { dropSchema, migrate } from './migrate';
export { defaultSchema, schemaNameProblem } from './names';
export {
  CommitOutcomeUnknownError,
  DEFAULT_BATCHES_IN_FLIGHT,
  openPgPool,
  type PgPoolOptions,
} from './pg-driver';
export { openPglite } from './pglite-driver';
export { DataDirectoryInUseError } from './pglite-lock';
export { SchemaNewerThanProcessError } from './schema-generation';
export { createPostgresStorage, type PostgresStorageOptions } from './storage';
