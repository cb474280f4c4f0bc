import { describe, expect, it } from 'vitest';
import { basketOf, guest, harness, newBasket, outcomeOf, PIE } from './harness';

describe('smoke', () => {
  it('adds a product through the queue', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.addProduct(guest, id, PIE, { quantity: 2 });
    expect(answer.status).toBe(200);
    const outcome = await outcomeOf(h, answer);
    expect(outcome.status).toBe('Succeeded');
    const basket = await basketOf(h, id);
    expect(basket.totalPrice).toEqual({ minorUnits: 2500, currencyCode: 'GBP', precision: 2 });
  });
});
