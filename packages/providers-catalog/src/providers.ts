import type { ProviderLedger, Providers } from '@basket/app';
import { type Catalog, catalogIndex } from '@basket/core';
import { latency } from './latency';

export type SimulationOptions = {
  readonly latencyMs?: number;
  /** Where confirmations are kept: the storage's, so every process sees them (C-6.5). */
  readonly ledger: ProviderLedger;
};

/** What a simulated provider has been asked, for tests and demos to look at. */
export type SimulatedProviders = Providers & {
  /** The provider baskets currently confirmed for a payment intent, read from the ledger. */
  readonly confirmed: (paymentIntentId: string) => Promise<ReadonlyArray<string>>;
};

/**
 * The catalog's providers: they publish the catalog and answer payment intents as their `confirm`
 * says (C-8.2), after `latencyMs` (C-10.1). Inventory holds are not kept here: they are storage
 * (`Commit.holds`), and capacities come from the catalog (`capacityOf` in the core). Their
 * confirmations are kept in the ledger, not in this object.
 */
export const simulatedProviders = (catalog: Catalog, options: SimulationOptions): SimulatedProviders => {
  const index = catalogIndex(catalog);
  const wait = latency(options.latencyMs ?? 0);
  const { ledger } = options;
  return {
    // The published catalog is data the service reads, not a provider's answer: no latency.
    catalog: async () => index,
    confirm: async (request) => {
      await wait(() => undefined);
      // A provider the catalog does not know cannot confirm anything.
      if (index.providers.get(request.providerId)?.confirm !== 'accept') return 'refused';
      await ledger.confirm(request);
      return 'confirmed';
    },
    release: async (request) => {
      await wait(() => undefined);
      await ledger.release(request.paymentIntentId, request.providerBasketId);
    },
    confirmed: async (paymentIntentId) =>
      (await ledger.confirmations(paymentIntentId)).map((confirmation) => confirmation.providerBasketId),
  };
};
