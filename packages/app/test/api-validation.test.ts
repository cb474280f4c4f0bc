import { describe, expect, it } from 'vitest';
import { callOperation } from '../src/index';
import { alice, expectProblem, harness, newBasket, PIE } from './harness';

describe('request validation (C-1.6, C-3.1)', () => {
  it('a 400 lists every invalid field of the request, in the path and in the body alike', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.addProduct(alice, id, 'not-a-provider-identity', { quantity: 'two' });
    expectProblem(answer, 400, 'validation-failed');
    const paths = 'problem' in answer ? (answer.problem.errors ?? []).map((e) => e.path) : [];
    expect(paths).toEqual(expect.arrayContaining(['productId', 'quantity']));
  });

  it('a valid path with an invalid body lists only the body fields', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.selectTimeSlot(alice, id, 'tsl:tours|39ced27e9e7be42a13773e41', {
      timeSlotId: 'nope',
      rates: 'none',
    });
    expectProblem(answer, 400, 'validation-failed');
    const paths = 'problem' in answer ? (answer.problem.errors ?? []).map((e) => e.path) : [];
    expect(paths).toEqual(expect.arrayContaining(['timeSlotId', 'rates']));
    expect(paths).not.toContain('productId');
  });

  it('a body string over 2048 characters is a 400 at its path, on every endpoint that takes a body', async () => {
    const h = harness();
    const id = await newBasket(h);
    const long = 'x'.repeat(2049);
    const refused = [
      [await h.app.api.addProduct(alice, id, PIE, { quantity: 1, productGroupId: long }), 'productGroupId'],
      [await h.app.api.addVoucherToBasket(alice, id, { voucherCode: long }), 'voucherCode'],
      [await h.app.api.createPaymentIntent(alice, id, { returnUrls: ['ok', long] }), 'returnUrls.1'],
    ] as const;
    for (const [answer, path] of refused) {
      expectProblem(answer, 400, 'validation-failed');
      const errors = 'problem' in answer ? (answer.problem.errors ?? []) : [];
      expect(errors).toEqual([{ path, message: 'a string may hold at most 2048 characters, not 2049' }]);
    }
    // 2048 characters are taken (here the voucher is merely unknown).
    const answer = await h.app.api.addVoucherToBasket(alice, id, { voucherCode: 'x'.repeat(2048) });
    expect(answer.status).not.toBe(400);
  });

  it('a free-form body holding what JSON cannot carry (1e400 parses to Infinity) is a 400 at its path, not a 500', async () => {
    const h = harness();
    const id = await newBasket(h);
    for (const [body, path] of [
      [{ a: Number.POSITIVE_INFINITY }, 'a'],
      [{ deep: { x: Number.NEGATIVE_INFINITY } }, 'deep.x'],
      [{ list: [1, Number.NaN] }, 'list.1'],
      [{ f: () => 1 }, 'f'],
    ] as const) {
      const answer = await h.app.api.createPaymentIntent(alice, id, body);
      expectProblem(answer, 400, 'validation-failed');
      const errors = 'problem' in answer ? (answer.problem.errors ?? []) : [];
      expect(errors.map((e) => e.path)).toEqual([path]);
    }
  });

  it('a body nested deeper than 32 is a 400 and one of more than 64 Ki characters a 413, whatever its depth or size (C-1.6, C-9.1)', async () => {
    const h = harness();
    const id = await newBasket(h);
    const nested = (depth: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    // The body itself is the first level.
    expect((await h.app.api.createPaymentIntent(alice, id, { deep: nested(31) })).status).not.toBe(400);
    for (const depth of [32, 5000]) {
      const answer = await h.app.api.createPaymentIntent(alice, id, { deep: nested(depth) });
      expectProblem(answer, 400, 'validation-failed');
      const errors = 'problem' in answer ? (answer.problem.errors ?? []) : [];
      expect(errors).toEqual([{ path: '', message: 'JSON may nest at most 32 arrays and objects deep' }]);
    }
    const strings = Array.from({ length: 40 }, () => 'x'.repeat(2000));
    expectProblem(await h.app.api.createPaymentIntent(alice, id, { strings }), 413, 'payload-too-large');
    // Numbers count too: 20,000 of them are over 64 Ki characters of JSON.
    const numbers = Array.from({ length: 20_000 }, (_, i) => i * 1_000_003);
    expectProblem(await h.app.api.createPaymentIntent(alice, id, { numbers }), 413, 'payload-too-large');
    expectProblem(
      await h.app.api.addProduct(alice, id, PIE, { quantity: 1, extra: strings }),
      413,
      'payload-too-large',
    );
  });

  it("getNotification's waitMs out of 0 to 30000, or not an integer, is a 400 at waitMs, as over HTTP (C-5.2)", async () => {
    const h = harness();
    const basketId = await newBasket(h, alice);
    const added = await h.app.api.addProduct(alice, basketId, PIE, { quantity: 1 });
    const notificationId = String('body' in added ? added.body.notificationId : '');
    for (const waitMs of [-1, 30_001, 1.5, Number.NaN, 'abc', true]) {
      const answer = await callOperation(h.app.api, 'getNotification', alice, {
        params: { notificationId },
        waitMs: waitMs as number,
      });
      expectProblem(answer, 400, 'validation-failed');
      expect('problem' in answer && answer.problem.errors, String(waitMs)).toEqual([
        { path: 'waitMs', message: 'expected an integer from 0 to 30000' },
      ]);
    }
    for (const waitMs of [0, 30_000, undefined]) {
      expect((await h.app.api.getNotification(alice, notificationId, waitMs)).status).toBe(200);
    }
  });
});
