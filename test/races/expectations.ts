import { expect } from 'vitest';
import {
  codeOf,
  intentReplayAfterCancel,
  keyOfAnother,
  type Lanes,
  oneKeyRacing,
  racingIntents,
  replaysAfterChange,
  sameIfMatch,
  voucherOnOff,
} from './scenarios';

/**
 * The race tests (a) to (e) of C-6.3 and C-6.4, with what each must show, on the lanes of one
 * configuration (registered inside that configuration's `describe`).
 */
export const raceExpectations = (
  name: string,
  lanes: () => Lanes,
  register: (title: string, fn: () => Promise<void>) => void,
) => {
  register(
    `${name}: (a) 8 changes with the same current If-Match: one applied, the others 412 (C-6.4)`,
    async () => {
      const { answers, applied, outcomes, before, after } = await sameIfMatch(lanes());
      expect(applied).toHaveLength(1);
      for (const { answer } of answers.filter((a) => a.answer.status !== 200)) {
        expect({ status: answer.status, code: codeOf(answer) }).toEqual({
          status: 412,
          code: 'precondition-failed',
        });
      }
      expect(outcomes.map((o) => o.status)).toEqual(['Succeeded']);
      expect(after.lines.map((line) => line.quantity)).toEqual([applied[0]?.quantity]);
      expect(after.version).toBe(before.version + 1);
    },
  );

  register(
    `${name}: (b) 4 racing createPaymentIntent: one intent, no Failed notification (C-8.1)`,
    async () => {
      const { answers, notifications, basket, locks } = await racingIntents(lanes());
      expect(locks).toBe(1);
      const active = basket.body.activePaymentIntentId;
      expect(typeof active).toBe('string');
      for (const answer of answers) {
        expect([200, 202], JSON.stringify(answer)).toContain(answer.status);
        if (answer.status === 200 && 'body' in answer) expect(answer.body.id).toBe(active);
      }
      for (const notification of notifications) {
        expect(notification).toMatchObject({ status: 'Succeeded', paymentIntentId: active });
      }
    },
  );

  register(
    `${name}: (c) add then remove a voucher without waiting, 20 times: never a voucher left (C-5.4)`,
    async () => {
      const rounds = await voucherOnOff(lanes());
      expect(rounds).toEqual(rounds.map(() => ({ add: 200, remove: 200, vouchers: 0 })));
    },
  );

  register(
    `${name}: (d) replays of a 204 and a 409 after the state changed: the same answers, no change (C-6.3)`,
    async () => {
      const r = await replaysAfterChange(lanes(), `d-${Math.random().toString(36).slice(2)}`);
      expect(r.first204.status).toBe(204);
      expect(r.replay204).toEqual(r.first204);
      expect(r.after204.version).toBe(r.changed.version);
      expect(codeOf(r.first409)).toBe('basket-locked');
      expect(r.replay409).toEqual(r.first409);
      expect(r.after409.version).toBe(r.unlocked.version);
      expect(r.after409.lines.map((l) => l.quantity)).toEqual([1]);
    },
  );

  register(
    `${name}: a createPaymentIntent replayed after its intent was cancelled answers its first answer (C-6.3)`,
    async () => {
      const { first, replays, after } = await intentReplayAfterCancel(
        lanes(),
        `i-${Math.random().toString(36).slice(2)}`,
      );
      expect([200, 202]).toContain(first.status);
      expect(replays).toEqual([first, first]);
      expect(after.body.activePaymentIntentId).toBeUndefined();
    },
  );

  register(
    `${name}: (e) 10 racing requests with one Idempotency-Key: one effect, one notification (C-6.3)`,
    async () => {
      const { answers, ids, basket } = await oneKeyRacing(
        lanes(),
        `e-${Math.random().toString(36).slice(2)}`,
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(ids.size).toBe(1);
      expect(basket.lines.map((l) => l.quantity)).toEqual([1]);
    },
  );

  register(
    `${name}: another contact's or a guest's use of a key is a new key: 403, never her answer (C-6.3)`,
    async () => {
      const { first, byBob, byGuest } = await keyOfAnother(
        lanes(),
        `k-${Math.random().toString(36).slice(2)}`,
      );
      expect(first.status).toBe(202);
      expect({ status: byBob.status, code: codeOf(byBob) }).toEqual({ status: 403, code: 'forbidden' });
      expect({ status: byGuest.status, code: codeOf(byGuest) }).toEqual({ status: 403, code: 'forbidden' });
    },
  );
};
