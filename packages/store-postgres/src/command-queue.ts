import {
  type AcceptedCommand,
  type AcceptOutcome,
  basketStream,
  type CommandQueue,
  type IdempotencyKeyTaken,
} from '@basket/app';
import { type Db, isRetryable, isUniqueViolation, readOn } from './db';
import { storeIdempotency } from './idempotency';
import { lockAll, lockClass } from './locks';
import type { Tables } from './names';
import { acceptedCommandOf, commandColumns, notificationOf, selectNotification } from './notification-row';
import { instantParam, int, jsonParam, text } from './values';

const maxAttempts = 5;

/** Thrown inside the transaction to roll the command back and answer the taken key as a value. */
class KeyTaken extends Error {
  constructor(readonly taken: IdempotencyKeyTaken) {
    super(taken._tag);
  }
}

/** The basket's oldest Pending command ($1: the basket). */
export const pendingQuery = (t: Tables): string =>
  `SELECT ${commandColumns} FROM ${t.commands}
    WHERE basket_id = $1 AND status = 'Pending' ORDER BY sequence LIMIT 1`;

/**
 * Accepted commands live in the database, not in process memory: every server process sharing it
 * sees the same per-basket order (C-5.4) and finds the commands a crashed process left (C-5.1).
 */
export const postgresCommandQueue = (db: Db, t: Tables): CommandQueue => ({
  accept: async (command, idempotency) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction(async (tx): Promise<AcceptOutcome> => {
          // The basket's stream lock (every acceptance takes it) makes max + 1 safe; the unique
          // (basket, sequence) is the backstop, retried below.
          await lockAll(tx, t.schema, lockClass.stream, [basketStream(command.basketId)]);
          const [row] = await tx.query(
            `INSERT INTO ${t.commands}
                (notification_id, store_id, basket_id, operation, payment_intent_id, command, created, sequence)
              SELECT $1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, coalesce(max(sequence), 0) + 1
                FROM ${t.commands} WHERE basket_id = $3
              RETURNING sequence`,
            [
              command.notificationId,
              command.storeId,
              command.basketId,
              command.operation,
              command.paymentIntentId ?? null,
              jsonParam(command.command),
              instantParam(command.accepted),
            ],
          );
          if (row === undefined) throw new Error('accepting a command inserted no row');
          if (idempotency !== undefined) {
            const taken = await storeIdempotency(tx, t, idempotency);
            if (taken !== undefined) throw new KeyTaken(taken);
          }
          const accepted: AcceptedCommand = {
            ...command,
            accepted: instantParam(command.accepted),
            sequence: int(row, 'sequence'),
          };
          return { _tag: 'Accepted', command: accepted };
        });
      } catch (error) {
        if (error instanceof KeyTaken) return error.taken;
        if (isUniqueViolation(error, 'commands_basket_sequence_key') && attempt < maxAttempts) continue;
        if (isRetryable(error) && attempt < maxAttempts) continue;
        throw error;
      }
    }
  },
  oldestPending: async (basketId) => {
    const [row] = await db.query(pendingQuery(t), [basketId]);
    return row === undefined ? undefined : acceptedCommandOf(row);
  },
  basketsWithPending: async (acceptedBefore, limit) => {
    const rows = await db.query(
      `SELECT basket_id FROM (
          SELECT DISTINCT ON (basket_id) basket_id, created, sequence FROM ${t.commands}
            WHERE status = 'Pending' ORDER BY basket_id, sequence
        ) AS oldest
        WHERE created <= $1::timestamptz ORDER BY created, sequence, basket_id LIMIT $2`,
      [instantParam(acceptedBefore), Math.max(0, limit)],
    );
    return rows.map((row) => text(row, 'basket_id'));
  },
  unpaidPaymentIntents: async (createdAfter, createdBefore, limit) => {
    // On the indexes of migrations 15 and 17: intents made, and intents whose saga was given up, in
    // the window, each probed for a cancellation (not one given up) or a payment (Pending or Succeeded).
    const made = (status: string, condition: string) =>
      `SELECT basket_id, payment_intent_id, created, notification_id FROM ${t.commands}
        WHERE operation = 'createPaymentIntent' AND status = '${status}' AND ${condition}
          AND created > $1::timestamptz AND created <= $2::timestamptz AND payment_intent_id IS NOT NULL`;
    const rows = await db.query(
      `SELECT c.basket_id, c.payment_intent_id
        FROM (${made('Succeeded', 'true')} UNION ALL ${made('Failed', `problem->>'code' = 'internal-error'`)}) c
        WHERE NOT EXISTS (SELECT 1 FROM ${t.commands} d
            WHERE d.payment_intent_id = c.payment_intent_id
              AND ((d.operation = 'deletePaymentIntent'
                    AND NOT (d.status = 'Failed' AND d.problem->>'code' = 'internal-error'))
                OR (d.operation = 'useSavedPaymentToken' AND d.status <> 'Failed')))
        ORDER BY c.created, c.notification_id LIMIT $3`,
      [instantParam(createdAfter), instantParam(createdBefore), Math.max(0, limit)],
    );
    const unpaid = new Map<string, { basketId: string; paymentIntentId: string }>();
    for (const row of rows) {
      const paymentIntentId = text(row, 'payment_intent_id');
      if (!unpaid.has(paymentIntentId))
        unpaid.set(paymentIntentId, { basketId: text(row, 'basket_id'), paymentIntentId });
    }
    return [...unpaid.values()];
  },
  // A client reads a command's notification right after its answer: these reads go with others.
  notification: async (notificationId) => {
    const [row] = await readOn(db)(selectNotification(t), [notificationId]);
    return row === undefined ? undefined : notificationOf(row);
  },
  notificationWithBasketVersion: async (notificationId) => {
    const [row] = await readOn(db)(
      `SELECT ${commandColumns},
          (SELECT coalesce(max(e.version), 0) FROM ${t.events} e WHERE e.stream_id = $2 || c.basket_id)
            AS basket_version
        FROM ${t.commands} c WHERE c.notification_id = $1`,
      [notificationId, basketStream('')],
    );
    return row === undefined
      ? undefined
      : { record: notificationOf(row), basketVersion: int(row, 'basket_version') };
  },
});
