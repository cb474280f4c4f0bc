import type { ProviderBasketRequest, Providers } from '@basket/app';
import { type Catalog, catalogIndex } from '@basket/core';
import { latency } from './latency';

export type SimulationOptions = { readonly latencyMs?: number };

/** What a simulated provider has been asked, for tests and demos to look at. */
export type SimulatedProviders = Providers & {
  /** Provider baskets currently confirmed for a payment intent, as `paymentIntentId/providerBasketId`. */
  readonly confirmed: () => ReadonlyArray<string>;
};

const key = (request: ProviderBasketRequest): string =>
  `${request.paymentIntentId}/${request.providerBasketId}`;

/**
 * The catalog's providers: they publish the catalog and answer payment intents as their `confirm`
 * says (C-8.2), after `latencyMs` (C-10.1). Inventory holds are not kept here: they are storage
 * (`Commit.holds`), and capacities come from the catalog (`capacityOf` in the core).
 */
export const simulatedProviders = (catalog: Catalog, options: SimulationOptions = {}): SimulatedProviders => {
  const index = catalogIndex(catalog);
  const answer = latency(options.latencyMs ?? 0);
  const confirmed = new Set<string>();
  return {
    // The published catalog is data the service reads, not a provider's answer: no latency.
    catalog: async () => index,
    confirm: (request) =>
      answer(() => {
        // A provider the catalog does not know cannot confirm anything.
        if (index.providers.get(request.providerId)?.confirm !== 'accept') return 'refused' as const;
        confirmed.add(key(request));
        return 'confirmed' as const;
      }),
    release: (request) =>
      answer(() => {
        confirmed.delete(key(request));
      }),
    confirmed: () => [...confirmed],
  };
};
