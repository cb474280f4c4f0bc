// autocannon for the benchmarks (a dependency of @basket/server's: the root has no package of its
// own), typed as they use it, and the runs several of them share.
import { createRequire } from 'node:module';
import { addToMadeBasketChain, type BenchRequest, makeBaskets, type Outcomes } from './http-flows';

export type AutocannonResult = {
  readonly requests: { readonly average: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
};

export const autocannon = createRequire(new URL('../packages/server/package.json', import.meta.url))(
  'autocannon',
) as (options: Record<string, unknown>) => Promise<AutocannonResult>;

/**
 * Issue 11's write operation (an add and the read of its notification until Succeeded, 2 requests),
 * each on a basket of its own made beforehand by a run of createBasket as long as the measured one
 * (createBasket costs a fraction of the two, so it makes more baskets than the run uses; were they
 * to run out, the run fails rather than add to used ones). Answers the chain to measure, and the
 * check to call after it: it throws unless every notification read was Succeeded.
 */
export const onMadeBaskets = async (options: {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  readonly duration: number;
}): Promise<{ readonly requests: ReadonlyArray<BenchRequest>; readonly check: () => string }> => {
  const made: string[] = [];
  await autocannon({ ...options, requests: makeBaskets(made) });
  let next = 0;
  const outcomes: Outcomes = { succeeded: 0, other: 0 };
  const requests = addToMadeBasketChain(() => {
    const id = made[next++];
    if (id === undefined) throw new Error(`the ${made.length} baskets made beforehand ran out`);
    return id;
  }, outcomes);
  const check = () => {
    if (outcomes.other > 0) throw new Error(`${outcomes.other} notifications did not succeed`);
    return `${outcomes.succeeded} adds succeeded, on ${next} of ${made.length} baskets made`;
  };
  return { requests, check };
};
