import { randomUUID } from 'node:crypto';
import type {
  AcceptedCommand,
  AcceptOutcome,
  Commit,
  CommitResult,
  HoldRow,
  IdempotencyRecord,
  JsonObject,
  NewEvent,
  NotificationCompletion,
  OutboxMessage,
  Storage,
  StoredProblem,
} from '@basket/app';
import { afterAll, beforeAll, expect } from 'vitest';

/** Makes the storage under test; called once per suite. */
export type MakeStorage = () => Promise<Storage>;
/** Runs after the suite has closed the storage (drop a database, remove a directory). */
export type CleanupStorage = (storage: Storage) => Promise<void>;
/** The storage of the running suite. */
export type StorageRef = () => Storage;

/**
 * Registers the suite's storage: made before its tests, closed (then cleaned up) after them. Every
 * test makes its own ids, so one storage (or one shared database) serves them all.
 */
export const useStorage = (makeStorage: MakeStorage, cleanup?: CleanupStorage): StorageRef => {
  let storage: Storage | undefined;
  beforeAll(async () => {
    storage = await makeStorage();
  });
  afterAll(async () => {
    if (storage === undefined) return;
    await storage.close();
    await cleanup?.(storage);
  });
  return () => {
    if (storage === undefined) throw new Error('the storage was not made (did makeStorage fail?)');
    return storage;
  };
};

export const uuid = (): string => randomUUID();
export const freshBasket = (): { readonly basketId: string; readonly streamId: string } => {
  const basketId = uuid();
  return { basketId, streamId: `basket-${basketId}` };
};
/** A resource key nobody else uses, in the core's `kind:product:item` shape. */
export const freshResource = (kind = 'seat'): string => `${kind}:conformance-${uuid()}:1`;
export const storeId = 'conformance-store';

/** A fixed base time, far from the wall clock, so no adapter can pass by using its own clock. */
export const T0 = Date.parse('2031-05-01T12:00:00.000Z');
export const at = (offsetMs = 0): string => new Date(T0 + offsetMs).toISOString();
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export const events = (...types: ReadonlyArray<string>): ReadonlyArray<NewEvent> =>
  types.map((type, index) => ({ type, data: { index, type } }));

export const commit = (fields: Partial<Commit> & Pick<Commit, 'streamId'>): Commit => ({
  expectedVersion: 0,
  events: [],
  at: at(),
  ...fields,
});

export const hold = (resource: string, quantity: number, capacity: number, expiresAt?: string): HoldRow =>
  expiresAt === undefined ? { resource, quantity, capacity } : { resource, quantity, capacity, expiresAt };

/** Accepts a command of `basketId` with `idempotency`, answering the queue's outcome as it is. */
export const acceptOutcome = (
  storage: Storage,
  basketId: string,
  idempotency?: IdempotencyRecord,
  fields: Partial<Omit<AcceptedCommand, 'sequence'>> = {},
): Promise<AcceptOutcome> =>
  storage.commands.accept(
    {
      notificationId: uuid(),
      storeId,
      basketId,
      operation: 'addProductToBasket',
      command: { type: 'AddProduct', basketId, quantity: 1 } satisfies JsonObject,
      accepted: at(),
      ...fields,
    },
    idempotency,
  );

/** The command of an outcome that must be Accepted (throws otherwise). */
export const acceptedOf = (outcome: AcceptOutcome): AcceptedCommand => {
  if (outcome._tag !== 'Accepted') throw new Error(`expected Accepted, got ${JSON.stringify(outcome)}`);
  return outcome.command;
};

/** Accepts a command of `basketId` (no idempotency record), answering the accepted command. */
export const accept = async (
  storage: Storage,
  basketId: string,
  fields: Partial<Omit<AcceptedCommand, 'sequence'>> = {},
): Promise<AcceptedCommand> => acceptedOf(await acceptOutcome(storage, basketId, undefined, fields));

/** An idempotency record of `key` in the suite's store, created at `created`. */
export const idempotencyRecord = (
  key: string,
  created = at(),
  fingerprint = `POST /x ${key}`,
): IdempotencyRecord => ({
  storeId,
  key,
  fingerprint,
  response: { status: 200, body: { notificationId: uuid() } },
  created,
});

export const succeeded = (notificationId: string, completed = at(1000)): NotificationCompletion => ({
  notificationId,
  outcome: { status: 'Succeeded', completed },
});

export const problem: StoredProblem = {
  type: 'https://basket.example/problems/seats-unavailable',
  title: 'Seats unavailable',
  status: 422,
  detail: 'The seats are held by another basket',
  code: 'seats-unavailable',
};

export const failed = (notificationId: string, completed = at(1000)): NotificationCompletion => ({
  notificationId,
  outcome: { status: 'Failed', completed, problem },
});

export const expectCommitted = (result: CommitResult, version: number): void => {
  expect(result).toEqual({ _tag: 'Committed', version });
};

/** Units of `resource` that holders other than a fresh probe hold at `now`. */
export const heldBy = async (storage: Storage, resource: string, now: string): Promise<number> =>
  (await storage.inventory.heldByOthers([resource], `probe-${uuid()}`, now)).get(resource) ?? 0;

/** Every outbox message of these notifications now listed by `Outbox.after`, in position order, read page by page. */
const listedAfter = async (
  storage: Storage,
  notificationIds: ReadonlyArray<string>,
): Promise<ReadonlyArray<OutboxMessage>> => {
  const wanted = new Set(notificationIds);
  const found: OutboxMessage[] = [];
  let position = 0;
  for (;;) {
    const page = await storage.outbox.after(position, 1000);
    const last = page[page.length - 1];
    if (last === undefined) return found;
    found.push(...page.filter((message) => wanted.has(message.notification.notificationId)));
    position = last.position;
  }
};

/** How long `outboxOf` waits for `Outbox.after` to list a row committed before it. */
const SETTLE_MS = 10_000;

/**
 * Every outbox message of these notifications, in position order. `Outbox.after` may list a row
 * only once the transactions that began before its commit have ended (PostgreSQL's reader waits for
 * them, whichever session they belong to), so a marker row is committed first and the read waits
 * until the marker is listed: every row committed before it is listed then too.
 */
export const outboxOf = async (
  storage: Storage,
  notificationIds: ReadonlyArray<string>,
): Promise<ReadonlyArray<OutboxMessage>> => {
  const { basketId, streamId } = freshBasket();
  const marker = (await accept(storage, basketId)).notificationId;
  await storage.unitOfWork.commit(commit({ streamId, completion: succeeded(marker) }));
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const listed = await listedAfter(storage, [marker, ...notificationIds]);
    const mine = listed.filter((message) => message.notification.notificationId !== marker);
    if (mine.length < listed.length) return mine;
    if (Date.now() > deadline)
      throw new Error(`Outbox.after did not list a committed row within ${SETTLE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/**
 * Leases are timed by the storage's own clock, which a test cannot move: their cases let real time
 * pass. `LEASE_MS` is short enough for a suite and long enough that a lease is not run out by the
 * time the next call reaches a storage under load.
 */
export const LEASE_MS = 300;

/** Resolves once `ms` of real time have passed. */
export const elapse = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `taken` comes true within `withinMs` of real time, asked every 20 ms. */
export const comesTrue = async (taken: () => Promise<boolean>, withinMs: number): Promise<boolean> => {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await taken()) return true;
    if (Date.now() >= deadline) return false;
    await elapse(20);
  }
};
