import type { NotificationCompletion } from '@basket/app';
import { describe, expect, it } from 'vitest';
import {
  accept,
  acceptedOf,
  acceptOutcome,
  at,
  commit,
  DAY,
  events,
  expectCommitted,
  failed,
  freshBasket,
  idempotencyRecord,
  MINUTE,
  problem,
  type StorageRef,
  storeId,
  succeeded,
  uuid,
} from './fixture';

/** A Failed completion with `internal-error`: a payment saga given up after failing again and again. */
const givenUp = (notificationId: string): NotificationCompletion => ({
  notificationId,
  outcome: {
    status: 'Failed',
    completed: at(1000),
    problem: { ...problem, status: 500, title: 'Internal error', detail: 'given up', code: 'internal-error' },
  },
});

/** CommandQueue: durable accept (C-5.1), per-basket order (C-5.4), completion exactly once (C-5.3). */
export const commandQueueCases = (storage: StorageRef): void => {
  describe('accepted commands and notifications', () => {
    it('accepts a command Pending, keeping its fields and a Pending notification (C-5.1, C-5.2)', async () => {
      const { basketId } = freshBasket();
      const paymentIntentId = uuid();
      const command = { type: 'CreatePaymentIntent', basketId, payload: { nested: [1, 'a', null] } };
      const accepted = await accept(storage(), basketId, {
        operation: 'createPaymentIntent',
        paymentIntentId,
        command,
        accepted: at(42),
      });
      expect(accepted).toMatchObject({
        storeId,
        basketId,
        operation: 'createPaymentIntent',
        paymentIntentId,
        command,
      });
      expect(accepted.accepted).toBe(at(42));
      expect(Number.isInteger(accepted.sequence)).toBe(true);
      expect(await storage().commands.notification(accepted.notificationId)).toEqual({
        notificationId: accepted.notificationId,
        storeId,
        basketId,
        operation: 'createPaymentIntent',
        paymentIntentId,
        status: 'Pending',
        created: at(42),
      });
      expect(await storage().commands.oldestPending(basketId)).toEqual(accepted);
    });

    it('omits paymentIntentId where the command has none, and knows no unknown notification', async () => {
      const accepted = await accept(storage(), freshBasket().basketId);
      expect(await storage().commands.notification(accepted.notificationId)).not.toHaveProperty(
        'paymentIntentId',
      );
      expect(await storage().commands.notification(uuid())).toBeUndefined();
      expect(await storage().commands.oldestPending(freshBasket().basketId)).toBeUndefined();
    });

    it('orders a basket’s commands by acceptance: oldestPending is always the next (C-5.4)', async () => {
      const { basketId, streamId } = freshBasket();
      const accepted = [];
      for (let n = 0; n < 4; n += 1) accepted.push(await accept(storage(), basketId, { accepted: at(n) }));
      const sequences = accepted.map((command) => command.sequence);
      expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
      expect(new Set(sequences).size).toBe(sequences.length);
      for (const [version, command] of accepted.entries()) {
        expect((await storage().commands.oldestPending(basketId))?.notificationId).toBe(
          command.notificationId,
        );
        const result = await storage().unitOfWork.commit(
          commit({
            streamId,
            expectedVersion: version,
            events: events('Done'),
            completion: succeeded(command.notificationId),
          }),
        );
        expectCommitted(result, version + 1);
      }
      expect(await storage().commands.oldestPending(basketId)).toBeUndefined();
    });

    it('keeps sequence order when commands of one basket are accepted concurrently', async () => {
      const { basketId } = freshBasket();
      const accepted = await Promise.all(Array.from({ length: 6 }, () => accept(storage(), basketId)));
      const first = [...accepted].sort((a, b) => a.sequence - b.sequence)[0];
      expect(new Set(accepted.map((command) => command.sequence)).size).toBe(6);
      expect((await storage().commands.oldestPending(basketId))?.notificationId).toBe(first?.notificationId);
    });

    it('completes a notification with its outcome: Succeeded, or Failed with its problem (C-5.2)', async () => {
      const { basketId, streamId } = freshBasket();
      const ok = await accept(storage(), basketId);
      const ko = await accept(storage(), basketId);
      await storage().unitOfWork.commit(
        commit({ streamId, events: events('A'), completion: succeeded(ok.notificationId, at(7)) }),
      );
      await storage().unitOfWork.commit(
        commit({ streamId, expectedVersion: 1, completion: failed(ko.notificationId, at(9)) }),
      );
      expect(await storage().commands.notification(ok.notificationId)).toMatchObject({
        status: 'Succeeded',
        completed: at(7),
      });
      expect(await storage().commands.notification(ok.notificationId)).not.toHaveProperty('problem');
      expect(await storage().commands.notification(ko.notificationId)).toMatchObject({
        status: 'Failed',
        completed: at(9),
        problem,
      });
    });

    it('reads a notification with its basket stream’s current version, not the one it completed at (when it can)', async () => {
      const read = storage().commands.notificationWithBasketVersion;
      if (read === undefined) return;
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      expect(await storage().commands.notificationWithBasketVersion?.(command.notificationId)).toEqual({
        record: await storage().commands.notification(command.notificationId),
        basketVersion: 0,
      });
      await storage().unitOfWork.commit(
        commit({ streamId, events: events('A'), completion: succeeded(command.notificationId, at(7)) }),
      );
      // The basket changes after the completion (another contact assigned, say): the version read
      // with the notification is the stream's now, so that a reader never trusts a state it outgrew.
      await storage().unitOfWork.commit(commit({ streamId, expectedVersion: 1, events: events('B', 'C') }));
      const found = await storage().commands.notificationWithBasketVersion?.(command.notificationId);
      expect(found).toEqual({
        record: await storage().commands.notification(command.notificationId),
        basketVersion: 3,
      });
      expect(
        await storage().commands.notificationWithBasketVersion?.(freshBasket().basketId),
      ).toBeUndefined();
    });

    it('completes a notification exactly once: a second completion is AlreadyCompleted and writes nothing (C-5.3)', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      expectCommitted(
        await storage().unitOfWork.commit(
          commit({ streamId, events: events('A'), completion: succeeded(command.notificationId, at(5)) }),
        ),
        1,
      );
      const again = await storage().unitOfWork.commit(
        commit({
          streamId,
          expectedVersion: 1,
          events: events('B'),
          completion: failed(command.notificationId, at(6)),
        }),
      );
      expect(again).toEqual({ _tag: 'AlreadyCompleted', notificationId: command.notificationId });
      expect(await storage().events.readStream(streamId)).toHaveLength(1);
      expect(await storage().commands.notification(command.notificationId)).toMatchObject({
        status: 'Succeeded',
        completed: at(5),
      });
    });

    it('lets exactly one of two concurrent completions of one notification win', async () => {
      const { basketId } = freshBasket();
      const command = await accept(storage(), basketId);
      const results = await Promise.all(
        [freshBasket().streamId, freshBasket().streamId].map((streamId) =>
          storage().unitOfWork.commit(
            commit({ streamId, events: events('Done'), completion: succeeded(command.notificationId) }),
          ),
        ),
      );
      expect(results.map((result) => result._tag).sort()).toEqual(['AlreadyCompleted', 'Committed']);
    });

    it('refuses a second accept with a fresh record for a live key as IdempotencyKeyTaken, writing nothing (C-6.3)', async () => {
      const key = `key-${uuid()}`;
      const { basketId } = freshBasket();
      const other = freshBasket().basketId;
      const first = idempotencyRecord(key);
      const command = acceptedOf(await acceptOutcome(storage(), basketId, first));
      for (const target of [basketId, other]) {
        const notificationId = uuid();
        const again = await acceptOutcome(
          storage(),
          target,
          idempotencyRecord(key, at(MINUTE), `another request ${target}`),
          { notificationId, accepted: at(MINUTE) },
        );
        expect(again).toEqual({ _tag: 'IdempotencyKeyTaken', storeId, key });
        expect(await storage().commands.notification(notificationId)).toBeUndefined();
        // Nothing of the refused accept remains: its notification id is still free.
        const retried = await accept(storage(), target, { notificationId, accepted: at(2 * MINUTE) });
        expect(retried.notificationId).toBe(notificationId);
      }
      expect(await storage().commands.oldestPending(basketId)).toEqual(command);
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(first);
    });

    it('of two concurrent accepts with one key, exactly one is Accepted (same basket or not)', async () => {
      for (const sameBasket of [true, false]) {
        const key = `key-${uuid()}`;
        const first = freshBasket().basketId;
        const baskets = [first, sameBasket ? first : freshBasket().basketId];
        const records = baskets.map((_, n) => idempotencyRecord(key, at(), `request ${n}`));
        const ids = baskets.map(() => uuid());
        const outcomes = await Promise.all(
          baskets.map((basketId, n) =>
            acceptOutcome(storage(), basketId, records[n], { notificationId: ids[n] }),
          ),
        );
        expect(outcomes.map((outcome) => outcome._tag).sort()).toEqual(['Accepted', 'IdempotencyKeyTaken']);
        const winner = outcomes.findIndex((outcome) => outcome._tag === 'Accepted');
        const loser = 1 - winner;
        expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(records[winner]);
        expect(await storage().commands.notification(ids[winner] ?? '')).toMatchObject({ status: 'Pending' });
        expect(await storage().commands.notification(ids[loser] ?? '')).toBeUndefined();
        expect((await storage().commands.oldestPending(baskets[loser] ?? ''))?.notificationId).toBe(
          sameBasket ? ids[winner] : undefined,
        );
      }
    });

    it('lists baskets with Pending commands accepted at or before a time, oldest first, up to a limit', async () => {
      // A base time of this test's own, so that other tests' pending commands sort elsewhere.
      const base = Date.parse('1990-01-01T00:00:00.000Z') + Math.floor(Math.random() * 300_000_000_000);
      const when = (offset: number): string => new Date(base + offset).toISOString();
      const first = freshBasket();
      const second = freshBasket();
      const third = freshBasket();
      const late = freshBasket();
      const done = freshBasket();
      await accept(storage(), second.basketId, { accepted: when(10) });
      await accept(storage(), first.basketId, { accepted: when(0) });
      await accept(storage(), first.basketId, { accepted: when(20) });
      await accept(storage(), third.basketId, { accepted: when(20) });
      await accept(storage(), late.basketId, { accepted: when(21) });
      const finished = await accept(storage(), done.basketId, { accepted: when(5) });
      await storage().unitOfWork.commit(
        commit({ streamId: done.streamId, completion: succeeded(finished.notificationId) }),
      );
      const mine = new Set([first, second, third, late, done].map((basket) => basket.basketId));
      const listed = (await storage().commands.basketsWithPending(when(20), 10_000)).filter((id) =>
        mine.has(id),
      );
      expect(listed).toEqual([first.basketId, second.basketId, third.basketId]);
      expect((await storage().commands.basketsWithPending(when(20), 2)).length).toBeLessThanOrEqual(2);
      expect(await storage().commands.basketsWithPending(when(20), 0)).toEqual([]);
    });

    it('lists the payment intents made in a window and neither paid nor cancelled since, oldest first (when it can)', async () => {
      if (storage().commands.unpaidPaymentIntents === undefined) return;
      // A window of this test's own, so that other tests' intents fall elsewhere.
      const base = Date.parse('1980-01-01T00:00:00.000Z') + Math.floor(Math.random() * 300_000_000_000);
      const when = (offset: number): string => new Date(base + offset).toISOString();
      /** An intent made at `offset` (its createPaymentIntent completed as `made`), then `then` on it. */
      const intent = async (
        offset: number,
        made: 'Succeeded' | 'Failed' | 'GivenUp',
        then?: { readonly operation: string; readonly outcome?: 'Succeeded' | 'Failed' | 'GivenUp' },
      ) => {
        const { basketId, streamId } = freshBasket();
        const paymentIntentId = uuid();
        const creation = await accept(storage(), basketId, {
          operation: 'createPaymentIntent',
          paymentIntentId,
          accepted: when(offset),
        });
        const completion = made === 'Succeeded' ? succeeded : made === 'Failed' ? failed : givenUp;
        expectCommitted(
          await storage().unitOfWork.commit(
            commit({ streamId, completion: completion(creation.notificationId) }),
          ),
          0,
        );
        if (then !== undefined) {
          const next = await accept(storage(), basketId, { operation: then.operation, paymentIntentId });
          if (then.outcome !== undefined) {
            const done =
              then.outcome === 'Succeeded' ? succeeded : then.outcome === 'Failed' ? failed : givenUp;
            await storage().unitOfWork.commit(commit({ streamId, completion: done(next.notificationId) }));
          }
        }
        return { basketId, paymentIntentId };
      };
      const left = await intent(20, 'Succeeded');
      const abandonedSaga = await intent(15, 'GivenUp');
      const declined = await intent(10, 'Succeeded', {
        operation: 'useSavedPaymentToken',
        outcome: 'Failed',
      });
      // A cancellation given up midway (internal-error) cancelled nothing: the next sweep tries again.
      const cancellationGivenUp = await intent(70, 'Succeeded', {
        operation: 'deletePaymentIntent',
        outcome: 'GivenUp',
      });
      const mine = [
        left,
        abandonedSaga,
        declined,
        cancellationGivenUp,
        await intent(30, 'Succeeded', { operation: 'useSavedPaymentToken', outcome: 'Succeeded' }),
        await intent(40, 'Succeeded', { operation: 'useSavedPaymentToken' }),
        await intent(50, 'Succeeded', { operation: 'deletePaymentIntent' }),
        await intent(60, 'Failed'),
        await intent(200, 'Succeeded'),
      ];
      const ids = new Set(mine.map((m) => m.paymentIntentId));
      const found = async (limit = 10_000) =>
        ((await storage().commands.unpaidPaymentIntents?.(when(0), when(100), limit)) ?? []).filter((m) =>
          ids.has(m.paymentIntentId),
        );
      // Not the paid one, the one being paid, the cancelled one, the one never made (refused), nor the
      // one made after the window; the declined one is still to be paid, and the one whose saga was
      // given up (internal-error) still locks its basket, as does the one whose cancellation was given up.
      expect(await found()).toEqual([declined, abandonedSaga, left, cancellationGivenUp]);
      expect(
        (await storage().commands.unpaidPaymentIntents?.(when(0), when(100), 1))?.length,
      ).toBeLessThanOrEqual(1);
    });
  });
};
