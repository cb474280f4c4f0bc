import type {
  AcceptedCommand,
  AcceptOutcome,
  CommandQueue,
  IdempotencyKeyTaken,
  IdempotencyRecord,
  IdempotencyStore,
  NotificationRecord,
} from '@basket/app';
import { copy, idempotencyKey, type MemoryState, millis, type QueueEntry } from './state';

/** How long an idempotency record holds its key (C-6.3). */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The basket's Pending commands, oldest first. A completed command never is Pending again (C-5.3),
 * so the ids of those completed are dropped from the basket's list as they are met: every
 * transaction asks for the oldest Pending command, and a basket's list would otherwise grow with
 * every command it ever had, each read of it longer than the one before.
 */
const pendingEntries = (state: MemoryState, basketId: string): QueueEntry[] => {
  const ids = state.queueByBasket.get(basketId);
  if (ids === undefined) return [];
  const pending: QueueEntry[] = [];
  for (const id of ids) {
    const entry = state.queue.get(id);
    if (entry?.notification.status === 'Pending') pending.push(entry);
  }
  if (pending.length === 0) state.queueByBasket.delete(basketId);
  else if (pending.length < ids.length)
    state.queueByBasket.set(
      basketId,
      pending.map((entry) => entry.command.notificationId),
    );
  return pending;
};

const pendingNotification = (command: Omit<AcceptedCommand, 'sequence'>): NotificationRecord => ({
  notificationId: command.notificationId,
  storeId: command.storeId,
  basketId: command.basketId,
  operation: command.operation,
  ...(command.paymentIntentId === undefined ? {} : { paymentIntentId: command.paymentIntentId }),
  status: 'Pending',
  created: command.accepted,
});

/**
 * Whether the record's key already has a live record: one created at most 24 hours before the new
 * record (or after it). An older record has expired, and the new one replaces it.
 */
export const idempotencyKeyTaken = (
  state: MemoryState,
  record: IdempotencyRecord,
): IdempotencyKeyTaken | undefined => {
  const existing = state.idempotency.get(idempotencyKey(record.storeId, record.key));
  if (existing === undefined) return undefined;
  if (millis(existing.created) < millis(record.created) - KEY_LIFETIME_MS) return undefined;
  return { _tag: 'IdempotencyKeyTaken', storeId: record.storeId, key: record.key };
};

/** Stores the record; the caller checked `idempotencyKeyTaken` first, in the same synchronous step. */
export const storeIdempotency = (state: MemoryState, record: IdempotencyRecord): void => {
  state.idempotency.set(idempotencyKey(record.storeId, record.key), copy(record));
};

/** Stores the command Pending at the next sequence; the caller checked that its id is new. */
export const insertAccepted = (
  state: MemoryState,
  command: Omit<AcceptedCommand, 'sequence'>,
): QueueEntry => {
  state.counters.sequence += 1;
  const accepted: AcceptedCommand = { ...copy(command), sequence: state.counters.sequence };
  const entry: QueueEntry = { command: accepted, notification: pendingNotification(command) };
  state.queue.set(command.notificationId, entry);
  const ofBasket = state.queueByBasket.get(command.basketId) ?? [];
  ofBasket.push(command.notificationId);
  state.queueByBasket.set(command.basketId, ofBasket);
  return entry;
};

export const memoryCommandQueue = (state: MemoryState): CommandQueue => ({
  accept: async (command, idempotency): Promise<AcceptOutcome> => {
    if (state.queue.has(command.notificationId)) {
      throw new Error(`notification ${command.notificationId} was already accepted`);
    }
    const taken = idempotency === undefined ? undefined : idempotencyKeyTaken(state, idempotency);
    if (taken !== undefined) return taken;
    const entry = insertAccepted(state, command);
    if (idempotency !== undefined) storeIdempotency(state, idempotency);
    return { _tag: 'Accepted', command: copy(entry.command) };
  },
  unpaidPaymentIntents: async (createdAfter, createdBefore, limit) => {
    const [after, before] = [millis(createdAfter), millis(createdBefore)];
    const settled = new Set<string>();
    const made: Array<{ basketId: string; paymentIntentId: string; created: number }> = [];
    for (const { command, notification } of state.queue.values()) {
      const intent = command.paymentIntentId;
      if (intent === undefined) continue;
      const paying = command.operation === 'useSavedPaymentToken' && notification.status !== 'Failed';
      // A cancellation given up midway (internal-error) cancelled nothing: the next sweep tries again.
      const cancelling =
        command.operation === 'deletePaymentIntent' && notification.problem?.code !== 'internal-error';
      if (cancelling || paying) settled.add(intent);
      const created = millis(command.accepted);
      if (
        command.operation === 'createPaymentIntent' &&
        (notification.status === 'Succeeded' || notification.problem?.code === 'internal-error') &&
        created > after &&
        created <= before
      )
        made.push({ basketId: command.basketId, paymentIntentId: intent, created });
    }
    const unpaid = new Map<string, { basketId: string; paymentIntentId: string }>();
    for (const { basketId, paymentIntentId } of made.sort((a, b) => a.created - b.created)) {
      if (!settled.has(paymentIntentId) && !unpaid.has(paymentIntentId))
        unpaid.set(paymentIntentId, { basketId, paymentIntentId });
    }
    return [...unpaid.values()].slice(0, Math.max(0, limit));
  },
  oldestPending: async (basketId) => {
    const oldest = pendingEntries(state, basketId)[0];
    return oldest === undefined ? undefined : copy(oldest.command);
  },
  basketsWithPending: async (acceptedBefore, limit) => {
    const cutoff = millis(acceptedBefore);
    const oldestByBasket: Array<{ basketId: string; accepted: number; sequence: number }> = [];
    for (const basketId of state.queueByBasket.keys()) {
      const oldest = pendingEntries(state, basketId)[0];
      if (oldest === undefined) continue;
      const accepted = millis(oldest.command.accepted);
      if (accepted <= cutoff) oldestByBasket.push({ basketId, accepted, sequence: oldest.command.sequence });
    }
    return oldestByBasket
      .sort((a, b) => a.accepted - b.accepted || a.sequence - b.sequence)
      .slice(0, Math.max(0, limit))
      .map((entry) => entry.basketId);
  },
  notification: async (notificationId) => {
    const entry = state.queue.get(notificationId);
    return entry === undefined ? undefined : copy(entry.notification);
  },
});

export const memoryIdempotencyStore = (state: MemoryState): IdempotencyStore => ({
  find: async (storeId, key, notBefore) => {
    const record = state.idempotency.get(idempotencyKey(storeId, key));
    if (record === undefined || millis(record.created) < millis(notBefore)) return undefined;
    return copy(record);
  },
  prune: async (before, limit) => {
    const cutoff = millis(before);
    const expired = [...state.idempotency.entries()]
      .filter(([, record]) => millis(record.created) < cutoff)
      .sort(([, a], [, b]) => millis(a.created) - millis(b.created))
      .slice(0, limit);
    for (const [key] of expired) state.idempotency.delete(key);
    return expired.length;
  },
});
