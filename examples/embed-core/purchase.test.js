import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

test('purchase.js decides a purchase with the core and prints the basket view', () => {
  const printed = JSON.parse(execFileSync(process.execPath, ['purchase.js'], { encoding: 'utf8' }));
  assert.deepEqual(printed.events, ['BasketCreated', 'ProviderBasketOpened', 'LineItemAdded']);
  const { basket } = printed;
  assert.equal(basket.id, '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d');
  assert.equal(basket.providerBaskets.length, 1);
  const [providerBasket] = basket.providerBaskets;
  assert.equal(providerBasket.id, 'fnb:arena|pbpiezzzzzzzzzzzzzzzzzzz');
  assert.equal(providerBasket.expires, '2026-11-21T18:15:00.000Z');
  const [line] = providerBasket.lineItems;
  assert.equal(line.productId, 'fnb:arena|46602259e87b5062c3ef0e0f');
  assert.equal(line.consumable.quantity, 2);
  assert.deepEqual(line.consumable.UnitPrice, { minorUnits: 1250, currencyCode: 'GBP', precision: 2 });
  assert.deepEqual(basket.totalPrice, { minorUnits: 2500, currencyCode: 'GBP', precision: 2 });
});
