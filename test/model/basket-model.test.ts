import { createBasketApp } from '@basket/app';
import { catalogIndex } from '@basket/core';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';
import {
  type BasketModel,
  basketModelCommands,
  checkSettled,
  countingIds,
  demoTargets,
  drive,
  type ModelSystem,
  manualClock,
  scheduledStorage,
} from '@basket/testing';
import fc from 'fast-check';
import { describe, it } from 'vitest';

/**
 * Model-based test of the app over store-memory and the simulated providers of the demo catalog:
 * random sequences of commands over several baskets, whose storage calls fast-check's scheduler
 * interleaves, checked after each `settle` and at the end against the model's invariants — no seat
 * or slot place held by two baskets and no stock below zero (C-7.3a, C-7.5, C-7.6), the holds store
 * agreeing with the views (C-7.8), every accepted command completed exactly once (C-5.3) and a
 * basket's in acceptance order (C-5.4). Payment intents too: made payable, created, cancelled and
 * paid with a saved token that succeeds or declines, the basket unassigned or Alice's — a basket
 * with an active intent refuses changes with 409 basket-locked (C-8.3), a paid one with 409
 * basket-checked-out (C-8.5), a cancelled intent keeps the lines and holds (C-8.4), a paid basket's
 * holds never expire, and at most one payment is taken per basket (C-8.6). Racing changes with the
 * basket's current If-Match (some with their own Idempotency-Key, resent afterwards): of the accepted
 * commands naming one version at most one takes effect, the others answer 412 (C-6.4), and each key
 * answers its first answer again (C-6.3).
 */
describe('basket model (C-5.3, C-5.4, C-6.3, C-6.4, C-7.3a, C-7.5, C-7.6, C-8.3 to C-8.6)', () => {
  it('keeps the invariants under random interleavings of commands over several baskets', {
    timeout: 120_000,
  }, async () => {
    const catalog = await loadCatalogFile(demoCatalogPath);
    const index = catalogIndex(catalog);
    const targets = demoTargets(index);
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.commands(basketModelCommands(targets), { maxCommands: 40, size: 'large' }),
        async (scheduler, commands) => {
          const storage = createMemoryStorage();
          const clock = manualClock('2026-11-21T18:00:00.000Z');
          const ids = countingIds();
          const payments = simulatedPaymentProvider(catalog, { ids, ledger: storage.providerLedger });
          const app = createBasketApp({
            storage: scheduledStorage(storage, scheduler),
            providers: simulatedProviders(catalog, { ledger: storage.providerLedger }),
            paymentProvider: payments,
            clock,
            ids,
            config: { recoveryIntervalMs: 0 },
          });
          const system: ModelSystem = {
            app,
            storage,
            scheduler,
            clock,
            catalog: index,
            caller: { storeId: 'arena-web' },
            payer: { storeId: 'arena-web', contactId: 'contact-alice' },
            chargesTaken: payments.chargesTaken,
          };
          const model: BasketModel = { baskets: [], targets };
          try {
            await fc.asyncModelRun(() => ({ model, real: system }), commands);
            await checkSettled(system, model);
          } finally {
            await drive(system, app.drain());
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
