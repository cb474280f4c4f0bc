// Core benchmark (not a test): decide + evolve of AddProduct on a 10-line basket, a new
// 11th line, and the basket view, on one core (this process, one thread). Beside them, in the same
// run, a reference loop (structuredClone of the same state) so that figures can be compared across
// runs on a loaded machine. Run from the repository root: `npx tsx bench/core.ts` (replaces its own
// section of docs/benchmarks.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import {
  type BasketCommand,
  type BasketEvent,
  type BasketFacts,
  type BasketState,
  basketDecider,
  basketView,
  capacityOf,
  catalogIndex,
  exists,
  fold,
  type Instant,
  parseCatalog,
  resourcesToCheck,
} from '../packages/core/src/index';

const catalogFile = new URL('../packages/testing/src/arbitraries/demo-catalog.json', import.meta.url);
const parsed = parseCatalog(JSON.parse(readFileSync(catalogFile, 'utf8')));
if (parsed._tag === 'Left') throw new Error('demo catalog refused');
const catalog = catalogIndex(parsed.right);

const BASKET = '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d';
const T0 = '2026-11-21T18:00:00.000Z' as Instant;
const T1 = '2026-11-21T18:05:00.000Z' as Instant;
const PIE = 'fnb:arena|46602259e87b5062c3ef0e0f';
const VEGGIE = 'fnb:arena|44a4f65e4bc3086b9d13baa7';
const PROGRAMME = 'fnb:arena|763e81f85290d131d3d94f93';
const SCARF = 'shop|8b0ed14002fe2ef6394d95a2';
const SHIRT = 'shop|b4fc97c45b14a06fbcbdf88d';

let idCounter = 0;
const freshIds = (): ReadonlyArray<string> =>
  Array.from({ length: 2 }, () => {
    idCounter += 1;
    return `b${String(idCounter).padStart(23, '0')}`;
  });

type Add = Extract<BasketCommand, { type: 'AddProduct' }>;
const add = (productId: string, fields: Partial<Add> = {}, at: Instant = T0): Add => ({
  type: 'AddProduct',
  basketId: BASKET,
  at,
  productId: productId as Add['productId'],
  quantity: 1,
  freshIds: freshIds(),
  ...fields,
});

const factsFor = (command: BasketCommand, state: BasketState): BasketFacts => ({
  catalog,
  availability: new Map(resourcesToCheck(command, state, catalog).map((r) => [r, capacityOf(r, catalog)])),
});

const decideOrFail = (command: BasketCommand, state: BasketState): ReadonlyArray<BasketEvent> => {
  const result = basketDecider.decide(command, state, factsFor(command, state));
  if (result._tag === 'Left') throw new Error(`${command.type} refused: ${JSON.stringify(result.left)}`);
  return result.right;
};

/** A basket of 10 lines in 3 provider baskets (pies, programmes, a shirt, a scarf). */
const tenLines = (): BasketState => {
  let state = fold(basketDecider.evolve, basketDecider.initialState, [
    {
      type: 'BasketCreated',
      at: T0,
      basketId: BASKET,
      storeId: 'arena-web',
      currency: { code: 'GBP', precision: 2 },
    },
  ]);
  const commands: Add[] = [
    add(PIE, { productGroupId: 'g1' }),
    add(PIE, { productGroupId: 'g2' }),
    add(VEGGIE, { productGroupId: 'g1' }),
    add(VEGGIE, { productGroupId: 'g2' }),
    add(PROGRAMME, { productGroupId: 'g1' }),
    add(PROGRAMME, { productGroupId: 'g2' }),
    add(PIE, { productGroupId: 'g3' }),
    add(VEGGIE, { productGroupId: 'g3' }),
    add(SHIRT, { productVariantId: 'home-shirt-m' }),
    add(SCARF, { productVariantId: 'scarf-one-size' }),
  ];
  for (const command of commands) state = fold(basketDecider.evolve, state, decideOrFail(command, state));
  if (!exists(state) || state.providerBaskets.flatMap((pb) => pb.lines).length !== 10)
    throw new Error('the bench basket does not have 10 lines');
  return state;
};

/** Runs `op` repeatedly for about `ms` per round, 5 rounds; answers the best round's operations/s. */
const measure = (op: () => void, ms = 400): number => {
  let best = 0;
  for (let round = 0; round < 6; round++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < ms * 1e6) {
      for (let i = 0; i < 100; i++) op();
      n += 100;
      elapsed = Number(process.hrtime.bigint() - start);
    }
    // The first round warms the JIT up.
    if (round > 0) best = Math.max(best, n / (elapsed / 1e9));
  }
  return best;
};

const state = tenLines();
if (!exists(state)) throw new Error('no basket');
// Five minutes after the lines were added: holds run 15 minutes or more, nothing expires.
const existing = add(PIE, { productGroupId: 'g1' }, T1);
const existingFacts = factsFor(existing, state);
const newLine = add(PIE, { productGroupId: 'g4' }, T1);
const newLineFacts = factsFor(newLine, state);

let sink = 0;
const decideAndEvolve = (command: BasketCommand, facts: BasketFacts) => () => {
  const result = basketDecider.decide(command, state, facts);
  if (result._tag === 'Left') throw new Error(`refused: ${result.left.code}`);
  const after = fold(basketDecider.evolve, state, result.right);
  sink += after.status.length;
};
// Sanity: the bench adds to an existing line, and makes a new one.
const check = (command: BasketCommand, facts: BasketFacts, expected: string) => {
  const result = basketDecider.decide(command, state, facts);
  if (result._tag === 'Left' || result.right[0]?.type !== expected)
    throw new Error(`expected ${expected}, got ${JSON.stringify(result)}`);
};
check(existing, existingFacts, 'LineItemQuantityChanged');
check(newLine, newLineFacts, 'LineItemAdded');

type Row = { name: string; opsPerSecond: number };
// BASKET_BENCH_ONLY=<substring> runs only the rows whose name has it (for profiling one of them).
const only = process.env.BASKET_BENCH_ONLY;
const row = (name: string, op: () => void): Row => ({
  name,
  opsPerSecond: only === undefined || name.includes(only) || name.startsWith('reference') ? measure(op) : 1,
});
const rows: Row[] = [
  row('reference: structuredClone of the 10-line state', () => structuredClone(state)),
  row('decide + evolve: AddProduct to one of 10 lines', decideAndEvolve(existing, existingFacts)),
  row('decide + evolve: AddProduct making an 11th line', decideAndEvolve(newLine, newLineFacts)),
  row('basket view of the 10-line basket', () => {
    sink += basketView(state, T1).providerBaskets.length;
  }),
];
if (sink === 0) throw new Error('nothing measured');

const reference = rows[0]?.opsPerSecond ?? 1;
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const table = rows
  .map(
    (r) =>
      `| ${r.name} | ${fmt(r.opsPerSecond)} | ${(1e6 / r.opsPerSecond).toFixed(2)} | ${(r.opsPerSecond / reference).toFixed(2)}× |`,
  )
  .join('\n');
const section = `<!-- core-bench:start -->
## Core (bench/core.ts)

\`npx tsx bench/core.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, one thread on
${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'} shared with other work (load average ${loadavg()[0]?.toFixed(1)} at the end):
best of 5 rounds of 0.4 s after a warm-up round. The basket has 10 lines in 3 provider baskets; the
commands are decided at a time when nothing has expired, with every resource free. The last column
compares with the reference loop of the same run.

| what | operations/s | µs each | of the reference |
| --- | ---: | ---: | ---: |
${table}
<!-- core-bench:end -->
`;
const docs = new URL('../docs/benchmarks.md', import.meta.url);
const current = readFileSync(docs, 'utf8');
const marked = /<!-- core-bench:start -->[\s\S]*<!-- core-bench:end -->\n?/;
if (process.env.BASKET_BENCH_NO_WRITE === undefined)
  writeFileSync(
    docs,
    marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}`,
  );
console.log(section);
