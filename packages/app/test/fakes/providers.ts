import { type CatalogIndex, catalogIndex, isProviderIdentity, parseCatalog } from '@basket/core';
import * as E from 'fp-ts/Either';
import type { ChargeOutcome, PaymentProvider, ProviderBasketRequest, Providers } from '../../src/index';
import catalogJson from './catalog.json';

export const demoCatalog = (): CatalogIndex => {
  const parsed = parseCatalog(catalogJson);
  if (E.isLeft(parsed)) throw new Error(JSON.stringify(parsed.left.errors));
  return catalogIndex(parsed.right);
};

/** A gate the test opens: provider answers wait on it, so "pending" is reached without sleeping. */
export type Gate = {
  readonly wait: () => Promise<void>;
  readonly open: () => void;
  /** Resolves once something waits at the gate. */
  readonly reached: Promise<void>;
};

export const gate = (): Gate => {
  let open: () => void = () => {};
  let reach: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    wait: () => {
      reach();
      return opened;
    },
    open,
    reached,
  };
};

export type FakeProviders = {
  readonly providers: Providers;
  readonly paymentProvider: PaymentProvider;
  readonly calls: {
    confirm: ProviderBasketRequest[];
    release: ProviderBasketRequest[];
    voided: string[];
    charges: Array<{ paymentIntentId: string; tokenId: string }>;
  };
  /** When set, every provider confirmation waits for this gate. */
  confirmGate?: Gate;
};

/** Providers answering from the catalog: `confirm: refuse` refuses; tokens succeed or decline as the catalog says. */
export const fakeProviders = (catalog: CatalogIndex = demoCatalog()): FakeProviders => {
  /** The token that paid each paid intent. */
  const paid = new Map<string, string>();
  /** Intents whose session was voided: never charged after. */
  const voided = new Set<string>();
  let sessions = 0;
  const fake: FakeProviders = {
    calls: { confirm: [], release: [], voided: [], charges: [] },
    providers: {
      catalog: async () => catalog,
      confirm: async (request) => {
        fake.calls.confirm.push(request);
        await fake.confirmGate?.wait();
        return catalog.providers.get(request.providerId)?.confirm === 'refuse' ? 'refused' : 'confirmed';
      },
      release: async (request) => {
        fake.calls.release.push(request);
      },
    },
    paymentProvider: {
      openSession: async ({ paymentIntentId }) => {
        sessions += 1;
        const reference = `psp:simpay|${String(sessions).padStart(24, '0')}`;
        if (!isProviderIdentity(reference)) throw new Error('bad reference');
        return { reference, payload: { sessionId: paymentIntentId } };
      },
      charge: async ({ paymentIntentId, contactId, tokenId }) => {
        fake.calls.charges.push({ paymentIntentId, tokenId });
        if (paid.has(paymentIntentId)) return 'succeeded';
        if (voided.has(paymentIntentId)) return 'declined';
        const token = catalog.contacts.get(contactId)?.savedPaymentTokens.find((t) => t.id === tokenId);
        const outcome: ChargeOutcome = token?.outcome === 'succeed' ? 'succeeded' : 'declined';
        if (outcome === 'succeeded') paid.set(paymentIntentId, tokenId);
        return outcome;
      },
      voidSession: async ({ paymentIntentId }) => {
        fake.calls.voided.push(paymentIntentId);
        const tokenId = paid.get(paymentIntentId);
        if (tokenId !== undefined) return { outcome: 'paid', tokenId };
        voided.add(paymentIntentId);
        return { outcome: 'voided' };
      },
      ownsToken: async (contactId, tokenId) =>
        catalog.contacts.get(contactId)?.savedPaymentTokens.some((t) => t.id === tokenId) ?? false,
    },
  };
  return fake;
};
