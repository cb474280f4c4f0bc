import type {
  AcceptedCommand,
  AcceptOutcome,
  Commit,
  CommitResult,
  HoldRow,
  IdempotencyKeyTaken,
  IdempotencyRecord,
  NotificationRecord,
  OutboxMessage,
  ProviderLedger,
  RecordedEvent,
  Snapshot,
  Storage,
  UnitOfWork,
} from '../../src/index';

/**
 * A small in-memory Storage for the app's unit tests, following the ports' contracts: version-checked
 * commits, completions only of Pending notifications, capacity checked against others' unexpired holds.
 */
export type FakeStorage = Storage & {
  /** Every readStream call, with the number of events it answered. */
  readonly reads: Array<{ streamId: string; afterVersion: number; count: number }>;
  readonly holdsOf: (holder: string) => ReadonlyArray<HoldRow>;
  readonly pending: () => ReadonlyArray<AcceptedCommand>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const unused = async (): Promise<never> => {
  throw new Error('the app itself never uses the provider ledger: only stateless providers do');
};

/** The app's unit tests use fake providers with state of their own, so no ledger is needed. */
const unusedLedger: ProviderLedger = {
  openSession: unused,
  session: unused,
  takePayment: unused,
  voidSession: unused,
  charges: unused,
  confirm: unused,
  release: unused,
  confirmations: unused,
};

const isLive = (hold: HoldRow, now: string) =>
  hold.expiresAt === undefined || Date.parse(hold.expiresAt) > Date.parse(now);

export const fakeStorage = (): FakeStorage => {
  const streams = new Map<string, RecordedEvent[]>();
  const snapshots = new Map<string, Snapshot>();
  const commands: AcceptedCommand[] = [];
  const notifications = new Map<string, NotificationRecord>();
  const idempotency = new Map<string, IdempotencyRecord>();
  const holds = new Map<string, ReadonlyArray<HoldRow>>();
  const outbox: Array<OutboxMessage & { published: boolean }> = [];
  const reads: FakeStorage['reads'] = [];
  let sequence = 0;

  const heldByOthers = (resource: string, holder: string, now: string): number =>
    [...holds].reduce(
      (sum, [h, rows]) =>
        h === holder
          ? sum
          : sum +
            rows.filter((r) => r.resource === resource && isLive(r, now)).reduce((n, r) => n + r.quantity, 0),
      0,
    );

  /** C-6.3: a record created at most 24 hours before `record` holds its key. */
  const keyTaken = (record: IdempotencyRecord): IdempotencyKeyTaken | undefined => {
    const existing = idempotency.get(`${record.storeId}|${record.key}`);
    return existing !== undefined && Date.parse(existing.created) >= Date.parse(record.created) - DAY_MS
      ? { _tag: 'IdempotencyKeyTaken', storeId: record.storeId, key: record.key }
      : undefined;
  };

  const acceptCommand = (command: Omit<AcceptedCommand, 'sequence'>): AcceptedCommand => {
    const accepted = { ...command, sequence: ++sequence };
    commands.push(accepted);
    notifications.set(command.notificationId, {
      notificationId: command.notificationId,
      storeId: command.storeId,
      basketId: command.basketId,
      operation: command.operation,
      ...(command.paymentIntentId === undefined ? {} : { paymentIntentId: command.paymentIntentId }),
      status: 'Pending',
      created: command.accepted,
    });
    return accepted;
  };

  const commit = async (c: Commit): Promise<CommitResult> => {
    const appends = [
      { streamId: c.streamId, expectedVersion: c.expectedVersion, events: c.events },
      ...(c.also ?? []),
    ];
    for (const append of appends) {
      const actual = streams.get(append.streamId)?.length ?? 0;
      if (actual !== append.expectedVersion) {
        return {
          _tag: 'VersionConflict',
          streamId: append.streamId,
          expected: append.expectedVersion,
          actual,
        };
      }
    }
    if (c.completion && notifications.get(c.completion.notificationId)?.status !== 'Pending') {
      return { _tag: 'AlreadyCompleted', notificationId: c.completion.notificationId };
    }
    const taken = c.idempotency && keyTaken(c.idempotency);
    if (taken) return taken;
    if (c.holds) {
      const before = holds.get(c.holds.holder) ?? [];
      for (const row of c.holds.holds) {
        const had = before.filter((r) => r.resource === row.resource).reduce((n, r) => n + r.quantity, 0);
        if (
          row.quantity > had &&
          heldByOthers(row.resource, c.holds.holder, c.at) + row.quantity > row.capacity
        ) {
          return { _tag: 'InsufficientInventory', resource: row.resource };
        }
      }
      holds.set(c.holds.holder, c.holds.holds);
    }
    for (const append of appends) {
      const stream = streams.get(append.streamId) ?? [];
      append.events.forEach((e, i) => {
        stream.push({
          streamId: append.streamId,
          version: append.expectedVersion + i + 1,
          type: e.type,
          data: e.data,
          recorded: c.at,
        });
      });
      streams.set(append.streamId, stream);
    }
    for (const accept of c.accepts ?? []) {
      acceptCommand(accept.command);
      if (accept.outcome) {
        const record = notifications.get(accept.command.notificationId);
        if (record) {
          const done = { ...record, ...accept.outcome };
          notifications.set(record.notificationId, done);
          outbox.push({ position: outbox.length + 1, notification: done, published: false });
        }
      }
    }
    if (c.completion) {
      const record = notifications.get(c.completion.notificationId);
      if (record) {
        const done = { ...record, ...c.completion.outcome };
        notifications.set(record.notificationId, done);
        outbox.push({ position: outbox.length + 1, notification: done, published: false });
      }
    }
    if (c.idempotency) idempotency.set(`${c.idempotency.storeId}|${c.idempotency.key}`, c.idempotency);
    if (c.snapshot && (snapshots.get(c.streamId)?.version ?? 0) < c.snapshot.version)
      snapshots.set(c.streamId, c.snapshot);
    return { _tag: 'Committed', version: streams.get(c.streamId)?.length ?? 0 };
  };

  const tails = new Map<string, Promise<void>>();
  const transaction: UnitOfWork['transaction'] = async (lock, body) => {
    const previous = tails.get(lock) ?? Promise.resolve();
    let release: () => void = () => {};
    const tail = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
    tails.set(lock, tail);
    await previous;
    try {
      const decided = await body({
        readStream: async (streamId, afterVersion = 0) => {
          const events = (streams.get(streamId) ?? []).filter((e) => e.version > afterVersion);
          reads.push({ streamId, afterVersion, count: events.length });
          return events;
        },
        loadSnapshot: async (streamId) => snapshots.get(streamId),
        findIdempotency: async (storeId, key, notBefore) => {
          const record = idempotency.get(`${storeId}|${key}`);
          return record && Date.parse(record.created) >= Date.parse(notBefore) ? record : undefined;
        },
        heldByOthers: async (resources, holder, now) =>
          new Map(resources.map((r) => [r, heldByOthers(r, holder, now)])),
        oldestPending: async (basketId) => pendingOf(basketId)[0],
      });
      if (decided.commit === undefined) return { _tag: 'Done', value: decided.value };
      const result = await commit(decided.commit);
      return result._tag === 'Committed'
        ? { _tag: 'Done', value: decided.value, version: result.version }
        : { _tag: 'Refused', value: decided.value, conflict: result };
    } finally {
      release();
      if (tails.get(lock) === tail) tails.delete(lock);
    }
  };

  const pendingOf = (basketId?: string) =>
    commands.filter(
      (c) =>
        notifications.get(c.notificationId)?.status === 'Pending' &&
        (basketId === undefined || c.basketId === basketId),
    );

  return {
    reads,
    holdsOf: (holder) => holds.get(holder) ?? [],
    pending: () => pendingOf(),
    events: {
      readStream: async (streamId, afterVersion = 0) => {
        const events = (streams.get(streamId) ?? []).filter((e) => e.version > afterVersion);
        reads.push({ streamId, afterVersion, count: events.length });
        return events;
      },
    },
    snapshots: {
      load: async (streamId) => snapshots.get(streamId),
      save: async (streamId, snapshot) => {
        if ((snapshots.get(streamId)?.version ?? 0) < snapshot.version) snapshots.set(streamId, snapshot);
      },
    },
    unitOfWork: { commit, transaction },
    commands: {
      accept: async (command, record): Promise<AcceptOutcome> => {
        const taken = record && keyTaken(record);
        if (taken) return taken;
        const accepted = acceptCommand(command);
        if (record) idempotency.set(`${record.storeId}|${record.key}`, record);
        return { _tag: 'Accepted', command: accepted };
      },
      oldestPending: async (basketId) => pendingOf(basketId)[0],
      basketsWithPending: async (acceptedBefore, limit) =>
        [
          ...new Set(
            pendingOf()
              .filter((c) => Date.parse(c.accepted) <= Date.parse(acceptedBefore))
              .map((c) => c.basketId),
          ),
        ].slice(0, limit),
      notification: async (id) => notifications.get(id),
    },
    idempotency: {
      find: async (storeId, key, notBefore) => {
        const record = idempotency.get(`${storeId}|${key}`);
        return record && Date.parse(record.created) >= Date.parse(notBefore) ? record : undefined;
      },
      prune: async (before, limit) => {
        const expired = [...idempotency]
          .filter(([, record]) => Date.parse(record.created) < Date.parse(before))
          .slice(0, limit);
        for (const [key] of expired) idempotency.delete(key);
        return expired.length;
      },
    },
    outbox: {
      unpublished: async (limit) => outbox.filter((m) => !m.published).slice(0, limit),
      markPublished: async (positions) => {
        for (const m of outbox) if (positions.includes(m.position)) m.published = true;
      },
      after: async (position, limit) => outbox.filter((m) => m.position > position).slice(0, limit),
      backlog: async () => outbox.filter((m) => !m.published).length,
    },
    relayLease: { acquire: async () => true, release: async () => {} },
    providerLedger: unusedLedger,
    inventory: {
      heldByOthers: async (resources, holder, now) =>
        new Map(resources.map((r) => [r, heldByOthers(r, holder, now)])),
      expiredHolders: async (now, limit) =>
        [...holds]
          .filter(([, rows]) => rows.some((r) => r.expiresAt !== undefined && !isLive(r, now)))
          .map(([holder]) => holder)
          .slice(0, limit),
    },
    close: async () => {},
  };
};
