// On-sale benchmark (issue "On-sale at scale"): a generated venue sold through K server processes on
// one PostgreSQL database to B simulated buyers over C concurrent connections, for K = 1, 2, 4 (and
// the same runs against an older checkout of the service, "before", when one is given). Loopback only.
//
//   npx tsx bench/onsale.ts                              # 20,000 seats, 6,000 buyers, 200 connections
//   npx tsx bench/onsale.ts --seats 2000 --buyers 800 --processes 2
//   npx tsx bench/onsale.ts --before .scratch/before     # also runs the servers of that checkout
//   npx tsx bench/onsale.ts --cost                        # only the cost of one selection, 2,000 vs 20,000 seats
//
// Options: --seats (20000), --buyers (6000), --connections (200), --processes (1,2,4: a list),
// --hold-minutes (0.5), --manual (0.2: share of buyers picking seats on the map), --max-seconds
// (900), --pool (10 PostgreSQL connections per process), --max-in-flight (a list: each process's
// limit of requests in flight, 0 for none, then after colons its limit for new baskets, the new
// baskets it lets wait in line and their longest wait in ms, as in `0,8,8:4,0:4:100:30000`; absent:
// the service's defaults), --new-baskets-per-second (each process's pace of new baskets, with every
// --max-in-flight entry), --before DIR (see
// scripts/prepare-before.sh), --no-cost (skip the cost-per-selection runs), --no-docs. PostgreSQL at
// BASKET_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test). The run fails (exit
// code 1) when a check fails; figures go to docs/benchmarks.md under "On-sale (bench/onsale.ts)".
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { selectionCost } from './onsale/cost';
import { type OnsaleOptions, type OnsaleResult, runOnsale } from './onsale/run';
import type { Admission } from './onsale/server';

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const number = (name: string, fallback: number): number => Number(flag(name) ?? fallback);

const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seats = number('--seats', 20_000);
const processes = (flag('--processes') ?? '1,2,4').split(',').map(Number);
const before = flag('--before');
/** Each process's pace of new baskets, added to every `--max-in-flight` entry. */
const pace = flag('--new-baskets-per-second');
/** Admission limits to run with, each a row (undefined: the service's defaults). */
const limits: ReadonlyArray<Admission | undefined> = flag('--max-in-flight')
  ?.split(',')
  .map((entry) => {
    const [all, newBaskets, queue, queueWaitMs] = entry.split(':').map(Number);
    return {
      maxInFlight: all ?? 0,
      ...(newBaskets === undefined ? {} : { maxInFlightForNewBaskets: newBaskets }),
      ...(queue === undefined ? {} : { newBasketQueue: queue }),
      ...(queueWaitMs === undefined ? {} : { newBasketQueueWaitMs: queueWaitMs }),
      ...(pace === undefined ? {} : { newBasketsPerSecond: Number(pace) }),
    };
  }) ?? [undefined];
const limited = (label: string, limit: Admission | undefined) =>
  limit === undefined
    ? label
    : [
        label,
        limit.maxInFlight === 0 ? 'no limit' : `≤ ${limit.maxInFlight} in flight`,
        ...(limit.maxInFlightForNewBaskets === undefined || limit.maxInFlightForNewBaskets === 0
          ? []
          : [`new baskets below ${limit.maxInFlightForNewBaskets}`]),
        ...(limit.newBasketsPerSecond === undefined ? [] : [`${limit.newBasketsPerSecond} new baskets/s`]),
        ...(limit.newBasketQueue === undefined
          ? []
          : [
              `${limit.newBasketQueue} in line${limit.newBasketQueueWaitMs === undefined ? '' : ` for ${limit.newBasketQueueWaitMs / 1000} s at most`}`,
            ]),
      ].join(', ');
const base: Omit<OnsaleOptions, 'processes'> = {
  postgresUrl,
  buyers: number('--buyers', 6000),
  connections: number('--connections', 200),
  venue: { seats, holdMinutes: number('--hold-minutes', 0.5) },
  abandon: { afterSeats: 0.04, afterFood: 0.02, afterDelivery: 0.02, afterDetails: 0.02, atPayment: 0.02 },
  manualShare: number('--manual', 0.2),
  maxSeconds: number('--max-seconds', 900),
  poolSize: number('--pool', 10),
  seed: 15,
  log: (line) => console.log(line),
};

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const row = (label: string, r: OnsaleResult): string =>
  `| ${label} | ${r.processes} | ${fmt(r.seats)} | ${fmt(r.buyersStarted)} | ${r.sellOutSeconds === undefined ? `not sold out (${fmt(r.elapsedSeconds)} s)` : fmt(r.sellOutSeconds, 1)} | ${fmt(r.selectionsPerSecond, 1)} | ${r.rushSeconds === undefined ? 'never' : fmt(r.rushSeconds, 1)} | ${fmt(r.rushSelectionsPerSecond, 1)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.conflictsPerSuccess, 2)} | ${fmt(r.resourcesPerRead)} | ${fmt(r.purchases)} | ${
    r.checks.every((c) => c.ok)
      ? 'all pass'
      : `FAIL: ${r.checks
          .filter((c) => !c.ok)
          .map((c) => c.name)
          .join('; ')}`
  } |`;

const load = loadavg()[0] ?? 0;
const results: Array<{ label: string; result: OnsaleResult }> = [];
const costs: string[] = [];
if (argv.includes('--cost')) {
  costs.push(...(await selectionCost(postgresUrl, before)));
} else {
  for (const k of processes) {
    for (const limit of limits) {
      const options = { ...base, processes: k, ...(limit === undefined ? {} : { admission: limit }) };
      if (before !== undefined) {
        const result = await runOnsale({ ...options, serviceRoot: before });
        results.push({ label: limited('before', limit), result });
        console.log(row(limited('before', limit), result));
      }
      const result = await runOnsale(options);
      results.push({ label: limited('after', limit), result });
      console.log(row(limited('after', limit), result));
    }
  }
  if (!argv.includes('--no-cost')) costs.push(...(await selectionCost(postgresUrl, before)));
}

const failed = results.filter(({ result }) => !result.checks.every((c) => c.ok));
const details = results
  .map(
    ({ label, result }) =>
      `- ${label}, ${result.processes} process(es): p99 from the first attempt (waits after 503s included) ${fmt(result.p99WithWaits)} ms; wait for a basket p50 / p99 ${fmt(result.basketWait.p50)} / ${fmt(result.basketWait.p99)} ms; answers ${result.answers.map(([k, n]) => `${k} × ${n}`).join(', ')}; ` +
      `commits ${Object.entries(result.commits)
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ', ',
        )}; checks: ${result.checks.map((c) => `${c.ok ? 'pass' : 'FAIL'} ${c.name} (${c.detail})`).join('; ')}`,
  )
  .join('\n');
const section = `<!-- onsale-bench:start -->
## On-sale (bench/onsale.ts)

\`npx tsx bench/onsale.ts ${argv.join(' ')}\` on ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}
shared with other work (load average ${load.toFixed(1)} at the start): the buyers, K server processes and PostgreSQL
share these cores, so absolute figures are this machine's; compare rows of the same run. Venue from
\`scripts/generate-venue.ts\` (sections of 25 × 40 seats), holds of ${base.venue.holdMinutes} min, ${base.buyers} buyers at most
over ${base.connections} connections, ${base.manualShare * 100} % of selections by seat ids from a seat map up to 1 s old, the rest
automatic (C-7.5); abandonment ${Object.values(base.abandon)
  .map((a) => `${a * 100} %`)
  .join(' / ')} after seats / food / delivery / details / at payment.
"Selections/s": successful seat selections per second until the sell-out, which waits for the holds of
abandoned baskets to expire; "all held s": when every seat was first held or sold (sampled every second), the
end of the rush, whose pace is the service's own: "selections/s in the rush" are the successful selections until
then per second; latency: the select-seats request the service took in to its
notification Succeeded (ms; a request answered 503 past \`--max-in-flight\` is sent again after its
\`Retry-After\`, and the p99 from the first attempt is in the lines below the table); "conflicts": commits refused for a version or inventory conflict (each a decision made
again) per successful selection; "resources/read": inventory resources per availability read.

| code | K | seats | buyers | sell-out s | selections/s | all held s | selections/s in the rush | p50 ms | p99 ms | conflicts/success | resources/read | purchases | checks |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${results.map(({ label, result }) => row(label, result)).join('\n')}

${details}

${costs.join('\n')}
<!-- onsale-bench:end -->
`;
console.log(section);
if (!argv.includes('--no-docs')) {
  const docs = new URL('../docs/benchmarks.md', import.meta.url);
  const current = readFileSync(docs, 'utf8');
  const marked = /<!-- onsale-bench:start -->[\s\S]*<!-- onsale-bench:end -->\n?/;
  writeFileSync(
    docs,
    marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}`,
  );
}
process.exit(failed.length === 0 ? 0 : 1);
