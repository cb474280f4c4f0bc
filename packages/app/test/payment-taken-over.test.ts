import { describe, expect, it } from 'vitest';
import type { ProviderBasketRequest } from '../src/index';
import { gate } from './fakes/providers';
import { alice, basketOf, bodyOf, harness, outcomeOf, secondProcess, stringField } from './harness';
import { completeCheckoutDetails, fillBasket, providerBaskets as providerBasketsOf } from './purchase-steps';

// Two processes on one storage: the second takes over a createPaymentIntent whose provider calls
// are slower than the recovery delay (C-5.1), while the first is still running it.

describe('a createPaymentIntent taken over while its first attempt still runs (C-5.1, C-8.4)', () => {
  it('takes back the confirmations a late attempt gets after the intent was cancelled', async () => {
    const h = harness({ paymentSyncWaitMs: 0 });
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);

    // Provider calls, in the order the providers saw them; the first attempt's confirmations wait
    // at `first`, the second attempt's at `second`.
    const log: string[] = [];
    const [first, second] = [gate(), gate()];
    const { providers } = h.fakes;
    const { confirm, release } = providers;
    let confirmations = 0;
    const providerBaskets = providerBasketsOf(await basketOf(h, basketId, alice)).length;
    Object.assign(providers, {
      confirm: async (request: ProviderBasketRequest) => {
        const attempt = confirmations++ < providerBaskets ? first : second;
        await attempt.wait();
        log.push(`confirm ${request.providerBasketId}`);
        return confirm(request);
      },
      release: async (request: ProviderBasketRequest) => {
        log.push(`release ${request.providerBasketId}`);
        return release(request);
      },
    });
    const other = secondProcess(h);

    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    await first.reached;
    // The other process takes the command up as if the first had died.
    const takenOver = other.processor.recover('2100-01-01T00:00:00.000Z');
    await second.reached;
    first.open();
    const ready = await outcomeOf(h, created, alice);
    expect(ready.status).toBe('Succeeded');
    const intentId = stringField(ready, 'paymentIntentId');
    const cancel = await h.app.api.deletePaymentIntent(alice, basketId, intentId);
    expect(await outcomeOf(h, cancel, alice)).toMatchObject({ status: 'Succeeded' });
    expect(bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId)).status).toBe('Cancelled');

    second.open();
    await takenOver;
    await other.processor.idle();
    const confirmed = [...new Set(log.filter((l) => l.startsWith('confirm ')).map((l) => l.slice(8)))];
    expect(confirmed).toHaveLength(providerBaskets);
    for (const providerBasketId of confirmed) {
      const last = log.filter((l) => l.endsWith(providerBasketId)).at(-1);
      expect(last, `${providerBasketId} in ${log.join(', ')}`).toBe(`release ${providerBasketId}`);
    }
  });
});
