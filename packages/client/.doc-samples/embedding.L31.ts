// docs/embedding.md:31
import {
  type Availability,
  type BasketEvent,
  BasketCommand,
  type BasketState,
  basketDecider,
  basketView,
  capacityOf,
  catalogIndex,
  exists,
  fold,
  isInstant,
  resourcesToCheck,
} from '@basket/core';
import { demoCatalogPath, loadCatalogFile } from '@basket/providers-catalog';
import * as E from 'fp-ts/Either';

const catalog = catalogIndex(await loadCatalogFile(demoCatalogPath));

// Commands are io-ts codecs: decode them from JSON, and ids and instants are checked on the way.
const command = (json: unknown): BasketCommand => {
  const decoded = BasketCommand.decode(json);
  if (E.isLeft(decoded)) throw new Error('not a basket command');
  return decoded.right;
};

// Facts: the catalog, and how much of each resource the command touches is free for this basket.
// Here nobody else holds anything, so everything is free up to its capacity.
const factsFor = (cmd: BasketCommand, state: BasketState) => {
  const availability: Availability = new Map(
    resourcesToCheck(cmd, state, catalog).map((resource) => [resource, capacityOf(resource, catalog)]),
  );
  return { catalog, availability };
};

let history: ReadonlyArray<BasketEvent> = [];
const run = (json: unknown): void => {
  const cmd = command(json);
  const state = fold(basketDecider.evolve, basketDecider.initialState, history);
  const decision = basketDecider.decide(cmd, state, factsFor(cmd, state));
  if (E.isLeft(decision)) throw new Error(`${decision.left.code}: ${decision.left.detail}`);
  history = [...history, ...decision.right];
};

const basketId = '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d';
const at = '2026-11-21T18:00:00.000Z';
run({ type: 'CreateBasket', basketId, at, storeId: 'arena-web', currency: { code: 'GBP', precision: 2 } });
run({
  type: 'AddProduct',
  basketId,
  at,
  productId: 'fnb:arena|46602259e87b5062c3ef0e0f',
  quantity: 2,
  // Suffixes (24 lowercase alphanumerics) for the provider basket and line this may create.
  freshIds: ['pbpiezzzzzzzzzzzzzzzzzzz', 'linepiezzzzzzzzzzzzzzzzz'],
});

const state = fold(basketDecider.evolve, basketDecider.initialState, history);
const now = '2026-11-21T18:01:00.000Z';
if (exists(state) && isInstant(now)) {
  const view = basketView(state, now);
  console.log(view.totalPrice); // { minorUnits: 2500, currencyCode: 'GBP', precision: 2 }
}
export {};
