/**
 * Records real event streams, as the storage holds them, with the basket views they give: the golden
 * histories that every later version of the service must still load (test/histories/golden.test.ts).
 * Run once per schema change of the events, never to "fix" a failing golden test:
 *   pnpm --filter @basket/e2e exec tsx histories/record.ts
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { basketStream, type Caller } from '@basket/app';
import { readyBasket } from '../app/steps';
import {
  alice,
  basket,
  bodyOf,
  ids,
  lineItems,
  providerBasketOf,
  succeeds,
  text,
  type World,
  world,
} from '../app/support';
import { foldViews, type RecordedHistory } from './fold';

const directory = resolve(import.meta.dirname, '../fixtures/histories');

const record = async (w: World, name: string, basketId: string): Promise<void> => {
  await w.app.drain();
  const stored = await w.storage.events.readStream(basketStream(basketId), 0);
  const events = stored.map(({ version, type, schemaVersion, data, recorded }) =>
    schemaVersion === undefined
      ? { version, type, data, recorded }
      : { version, type, schemaVersion, data, recorded },
  );
  const at = w.clock.now();
  const history: RecordedHistory = { name, basketId, at, events, views: [] };
  const recorded: RecordedHistory = { ...history, views: foldViews(history) };
  await writeFile(resolve(directory, `${name}.json`), `${JSON.stringify(recorded, null, 2)}\n`);
};

/** The whole purchase: seats, cross-sold pie, tour slot, shirt with a voucher, deliveries, details, paid. */
const purchase = async (): Promise<void> => {
  const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
  const id = await readyBasket(w, alice);
  const intent = bodyOf(
    await w.app.api.createPaymentIntent(alice, id, { returnUrl: 'https://shop.example/thanks' }),
  );
  const paid = await w.app.api.useSavedPaymentToken(alice, {
    paymentIntentId: text(intent, 'id'),
    tokenId: 'tok_alice_visa',
  });
  if (paid.status !== 204) throw new Error(`payment answered ${paid.status}`);
  await record(w, 'purchase-checked-out', id);
};

/** Changes and removals: quantities, a voucher removed, a line deleted, an intent cancelled. */
const changes = async (): Promise<void> => {
  const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
  const id = await readyBasket(w, alice);
  const lines = lineItems(await basket(w, alice, id));
  const pie = lines.find((l) => l.productId === ids.pie);
  const current = await basket(w, alice, id);
  const fnb = providerBasketOf(current, 'fnb:arena');
  await succeeds(
    w,
    alice,
    w.app.api.updateLineItemQuantity(alice, id, fnb, String(pie?.id), { quantity: 3 }),
  );
  await succeeds(w, alice, w.app.api.removeVoucherFromBasket(alice, id, { voucherCode: 'SHIRT10' }));
  const intent = bodyOf(await w.app.api.createPaymentIntent(alice, id, {}));
  await succeeds(w, alice, w.app.api.deletePaymentIntent(alice, id, text(intent, 'id')));
  await succeeds(w, alice, w.app.api.deleteLineItem(alice, id, fnb, String(pie?.id)));
  await record(w, 'changes-and-cancelled-intent', id);
};

/** Holds that expire (C-7.8): the seats' provider basket is dropped before the next decision. */
const expiry = async (): Promise<void> => {
  const w = await world();
  const guest: Caller = { storeId: 'arena-web' };
  const id = text(bodyOf(await w.app.api.createBasket(guest)), 'id');
  await succeeds(
    w,
    guest,
    w.app.api.selectSeats(guest, id, ids.event, { rates: [{ rateId: ids.adult, quantity: 2 }] }),
  );
  await succeeds(
    w,
    guest,
    w.app.api.addProduct(guest, id, ids.shirt, { quantity: 2, productVariantId: 'home-shirt-m' }),
  );
  w.clock.advance(24 * 3_600_000);
  await succeeds(w, guest, w.app.api.addProduct(guest, id, ids.pie, { quantity: 1 }));
  const deleted = await w.app.api.deleteBasket(guest, id);
  if (deleted.status !== 200) throw new Error(`deleteBasket answered ${deleted.status}`);
  await record(w, 'expired-holds-then-deleted', id);
};

await purchase();
await changes();
await expiry();
