// Decides a small purchase with the core's Basket decider and prints the basket as the interface
// shows it. Plain JavaScript and plain Node: no TypeScript, no bundler, no server.
import {
  BasketCommand,
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

const catalog = catalogIndex(await loadCatalogFile(demoCatalogPath));

// Commands are io-ts codecs: decoding checks ids and instants. `decode` and `decide` answer an
// fp-ts Either, a tagged union: `{ _tag: 'Left', left }` or `{ _tag: 'Right', right }`.
const command = (json) => {
  const decoded = BasketCommand.decode(json);
  if (decoded._tag === 'Left') throw new Error(`not a basket command: ${JSON.stringify(json)}`);
  return decoded.right;
};

// Facts: the catalog, and how much of each resource the command touches is free for this basket.
// Nobody else holds anything here, so everything is free up to its capacity.
const factsFor = (cmd, state) => ({
  catalog,
  availability: new Map(
    resourcesToCheck(cmd, state, catalog).map((resource) => [resource, capacityOf(resource, catalog)]),
  ),
});

let history = [];
const run = (json) => {
  const cmd = command(json);
  const state = fold(basketDecider.evolve, basketDecider.initialState, history);
  const decision = basketDecider.decide(cmd, state, factsFor(cmd, state));
  if (decision._tag === 'Left') throw new Error(`${decision.left.code}: ${decision.left.detail}`);
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
if (!exists(state) || !isInstant(now)) throw new Error('the basket was not created');
console.log(
  JSON.stringify({ events: history.map((event) => event.type), basket: basketView(state, now) }, null, 2),
);
