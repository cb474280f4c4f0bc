import { basketStream, type Commit, type CommitConflict, type StreamAppend } from '@basket/app';
import { mergeByResource } from './holds';
import { advisoryLock, lockClass } from './locks';
import type { Tables } from './names';
import { KNOWN_MIGRATION } from './schema-generation';
import { instantParam, isJsonObject } from './values';

/**
 * A commit as the one JSON document that the schema's `commit_write` function writes (migrations.ts):
 * everything of the commit in one round trip. Keys that would be null are left out (the function
 * tests for absent keys). Stream locks other than the transaction's own are taken in key order;
 * streams the transaction has not locked are version-checked; event versions are numbered here.
 */
export const commitDocument = (t: Tables, commit: Commit, locked: string | undefined): string => {
  const appends: ReadonlyArray<StreamAppend> = [
    { streamId: commit.streamId, expectedVersion: commit.expectedVersion, events: commit.events },
    ...(commit.also ?? []),
  ];
  const acceptances = commit.accepts ?? [];
  const toLock = [
    ...appends.map((a) => a.streamId),
    // Every acceptance holds its basket's stream lock: it makes the command's next sequence safe.
    ...acceptances.map((accept) => basketStream(accept.command.basketId)),
  ].filter((streamId) => streamId !== locked);
  const locks = [...new Set(toLock.map((s) => advisoryLock(t.schema, lockClass.stream, s).key))].sort(
    (a, b) => a - b,
  );
  // The transaction's own stream was read under its lock: its version cannot have moved (the
  // unique (stream, version) refuses a writer that took no lock, answered as a conflict).
  const checks = appends
    .filter((a) => a.streamId !== locked)
    .map((a) => ({ streamId: a.streamId, expected: a.expectedVersion }));
  const events = appends.flatMap((a) =>
    a.events.map((event, i) => ({
      streamId: a.streamId,
      version: a.expectedVersion + i + 1,
      type: event.type,
      data: event.data,
      schemaVersion: event.schemaVersion,
    })),
  );
  const { completion, holds, idempotency, snapshot } = commit;
  const wanted = holds === undefined ? undefined : [...mergeByResource(holds.holds)];
  return JSON.stringify({
    // The schema refuses a writer older than a migration that stops earlier processes.
    writer: KNOWN_MIGRATION,
    at: instantParam(commit.at),
    locks,
    checks,
    events,
    accepts: acceptances.map(({ command, outcome }) => ({
      ...command,
      accepted: instantParam(command.accepted),
      status: outcome?.status,
      completed: outcome === undefined ? undefined : instantParam(outcome.completed),
      problem: outcome?.status === 'Failed' ? outcome.problem : undefined,
    })),
    completion:
      completion === undefined
        ? undefined
        : {
            notificationId: completion.notificationId,
            status: completion.outcome.status,
            completed: instantParam(completion.outcome.completed),
            problem: completion.outcome.status === 'Failed' ? completion.outcome.problem : undefined,
          },
    holds:
      holds === undefined || wanted === undefined
        ? undefined
        : {
            holder: holds.holder,
            holderKey: advisoryLock(t.schema, lockClass.holder, holds.holder).key,
            resources: wanted.map(([resource]) => resource),
            quantities: wanted.map(([, w]) => w.quantity),
            capacities: wanted.map(([, w]) => w.capacity),
            expires: wanted.map(([, w]) => w.expiresAt ?? null),
            keys: wanted.map(([resource]) => advisoryLock(t.schema, lockClass.resource, resource).key),
          },
    idempotency:
      idempotency === undefined ? undefined : { ...idempotency, created: instantParam(idempotency.created) },
    snapshot: snapshot === undefined ? undefined : { streamId: commit.streamId, ...snapshot },
  });
};

/** The conflict `commit_write` answered, as the port's value. */
export const conflictOf = (value: unknown): CommitConflict => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!isJsonObject(parsed)) throw new Error('commit_write answered something other than a conflict');
  const str = (name: string): string => {
    const found = parsed[name];
    if (typeof found !== 'string') throw new Error(`commit_write's conflict has no ${name}`);
    return found;
  };
  const num = (name: string): number => {
    const found = parsed[name];
    if (typeof found !== 'number') throw new Error(`commit_write's conflict has no ${name}`);
    return found;
  };
  switch (str('_tag')) {
    case 'VersionConflict':
      return {
        _tag: 'VersionConflict',
        streamId: str('streamId'),
        expected: num('expected'),
        actual: num('actual'),
      };
    case 'InsufficientInventory':
      return { _tag: 'InsufficientInventory', resource: str('resource') };
    case 'AlreadyCompleted':
      return { _tag: 'AlreadyCompleted', notificationId: str('notificationId') };
    case 'IdempotencyKeyTaken':
      return { _tag: 'IdempotencyKeyTaken', storeId: str('storeId'), key: str('key') };
    default:
      throw new Error(`commit_write answered an unknown conflict ${str('_tag')}`);
  }
};
