import { describe, expect, it } from 'vitest';
import type { Caller } from '../src/index';
import {
  alice,
  basketOf,
  bodyOf,
  expectProblem,
  guest,
  harness,
  newBasket,
  PIE,
  stringField,
} from './harness';
import { completeCheckoutDetails, fillBasket, lineItems } from './purchase-steps';

const keyed = (caller: Caller, key: string, fingerprint: string): Caller => ({
  ...caller,
  idempotency: { key, fingerprint },
});

describe('Idempotency-Key (C-6.3)', () => {
  it('the same key and request answers the first answer again and changes nothing more', async () => {
    const h = harness();
    const id = await newBasket(h);
    const caller = keyed(guest, 'k-1', `POST /baskets/${id}/products/${PIE} {"quantity":1}`);
    const first = await h.app.api.addProduct(caller, id, PIE, { quantity: 1 });
    await h.settle();
    const again = await h.app.api.addProduct(caller, id, PIE, { quantity: 1 });
    expect(again).toEqual(first);
    await h.settle();
    expect(lineItems(await basketOf(h, id))[0]?.consumable).toMatchObject({ quantity: 1 });
  });

  it('the same key with another request is 422 idempotency-key-reused, before anything else', async () => {
    const h = harness();
    const id = await newBasket(h);
    await h.app.api.addProduct(keyed(guest, 'k-2', 'first'), id, PIE, { quantity: 1 });
    expectProblem(
      await h.app.api.addProduct(keyed(guest, 'k-2', 'second'), id, PIE, { quantity: 2 }),
      422,
      'idempotency-key-reused',
    );
    expectProblem(
      await h.app.api.deleteBasket(keyed(guest, 'k-2', 'third'), 'unknown'),
      422,
      'idempotency-key-reused',
    );
  });

  it('keys are scoped to the store and live 24 hours', async () => {
    const h = harness();
    const id = await newBasket(h);
    await h.app.api.addProduct(keyed(guest, 'k-3', 'a'), id, PIE, { quantity: 1 });
    const otherStore = await h.app.api.createBasket(keyed({ storeId: 'arena-app' }, 'k-3', 'b'));
    expect(otherStore.status).toBe(200);
    h.clock.advance(24 * 3_600_000 + 1);
    const later = await h.app.api.addProduct(keyed(guest, 'k-3', 'c'), id, PIE, { quantity: 1 });
    expect(later.status).toBe(200);
  });

  it('createBasket and deleteBasket replay their synchronous answers', async () => {
    const h = harness();
    const create = keyed(guest, 'k-4', 'POST /baskets');
    const created = await h.app.api.createBasket(create);
    expect(await h.app.api.createBasket(create)).toEqual(created);
    const id = stringField(bodyOf(created), 'id');
    const remove = keyed(guest, 'k-5', `DELETE /baskets/${id}`);
    const deleted = await h.app.api.deleteBasket(remove, id);
    expect(deleted.status).toBe(200);
    expect(await h.app.api.deleteBasket(remove, id)).toEqual(deleted);
  });

  it('createPaymentIntent and the saved token replay their outcome: the same intent, no second charge', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const create = keyed(alice, 'k-6', `POST /baskets/${id}/payment-intents`);
    const intent = await h.app.api.createPaymentIntent(create, id, {});
    expect(intent.status).toBe(200);
    expect(bodyOf(await h.app.api.createPaymentIntent(create, id, {})).id).toBe(bodyOf(intent).id);
    const pay = keyed(alice, 'k-7', 'POST /psp/tokens/use-existing');
    const body = { paymentIntentId: stringField(bodyOf(intent), 'id'), tokenId: 'tok_alice_visa' };
    expect((await h.app.api.useSavedPaymentToken(pay, body)).status).toBe(204);
    expect((await h.app.api.useSavedPaymentToken(pay, body)).status).toBe(204);
    expect(h.fakes.calls.charges).toHaveLength(1);
  });
});
