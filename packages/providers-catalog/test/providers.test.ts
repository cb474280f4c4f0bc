import { type Catalog, isProviderIdentity, type ProviderIdentity } from '@basket/core';
import { createMemoryStorage } from '@basket/store-memory';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoCatalogPath, loadCatalogFile, simulatedProviders } from '../src';

const ledger = () => createMemoryStorage().providerLedger;

let catalog: Catalog;
beforeAll(async () => {
  catalog = await loadCatalogFile(demoCatalogPath);
});
afterEach(() => {
  vi.useRealTimers();
});

const identity = (id: string): ProviderIdentity => {
  if (!isProviderIdentity(id)) throw new Error(`not a ProviderIdentity: ${id}`);
  return id;
};

const request = (providerId: string) => ({
  providerId,
  providerBasketId: identity(`${providerId}|abcdefghijklmnopqrstuvwx`),
  paymentIntentId: '0b8f3c1e-7d4a-4e2b-9f6a-1c2d3e4f5a6b',
});

describe('simulatedProviders', () => {
  it('publishes the catalog as an index of products, providers, vouchers, stores and contacts', async () => {
    const index = await simulatedProviders(catalog, { ledger: ledger() }).catalog();
    expect(index.catalog).toBe(catalog);
    expect(index.products.get('tix:arena|9c1c19f15ccff4a22c6f1e97')?.provider.id).toBe('tix:arena');
    expect(index.providers.get('fnb:arena')?.kiosks.map((kiosk) => kiosk.id)).toEqual([
      'kiosk-north',
      'kiosk-west',
    ]);
    expect(index.vouchers.get('SHIRT10')?.voucherPrice).toBe(5000);
    expect(index.stores.has('arena-web')).toBe(true);
  });

  it('confirms as the provider’s `confirm` says (C-8.2): accept confirms, refuse refuses', async () => {
    const providers = simulatedProviders(catalog, { ledger: ledger() });
    expect(await providers.confirm(request('tix:arena'))).toBe('confirmed');
    expect(await providers.confirm(request('lab'))).toBe('refused');
    expect(await providers.confirmed(request('tix:arena').paymentIntentId)).toEqual([
      'tix:arena|abcdefghijklmnopqrstuvwx',
    ]);
  });

  it('refuses for a provider the catalog does not know', async () => {
    expect(await simulatedProviders(catalog, { ledger: ledger() }).confirm(request('nope'))).toBe('refused');
  });

  it('takes back a confirmation on release (C-8.4), and releasing twice is harmless', async () => {
    const providers = simulatedProviders(catalog, { ledger: ledger() });
    await providers.confirm(request('shop'));
    await providers.release(request('shop'));
    await providers.release(request('shop'));
    expect(await providers.confirmed(request('shop').paymentIntentId)).toEqual([]);
  });

  it('answers at once with latency 0 (C-10.1)', async () => {
    vi.useFakeTimers();
    const providers = simulatedProviders(catalog, { latencyMs: 0, ledger: ledger() });
    // No timer needs to run: the answer is there as soon as the microtasks are.
    await expect(providers.confirm(request('tix:arena'))).resolves.toBe('confirmed');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers only once the latency has passed when it is above 0 (C-10.1)', async () => {
    vi.useFakeTimers();
    const providers = simulatedProviders(catalog, { latencyMs: 250, ledger: ledger() });
    let answer: string | undefined;
    const pending = providers.confirm(request('tix:arena')).then((value) => {
      answer = value;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(answer).toBe('confirmed');
  });

  it('publishes the catalog at once whatever the latency: only answers are delayed', async () => {
    vi.useFakeTimers();
    const providers = simulatedProviders(catalog, { latencyMs: 250, ledger: ledger() });
    await expect(providers.catalog()).resolves.toMatchObject({ catalog });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a negative latency', () => {
    expect(() => simulatedProviders(catalog, { latencyMs: -1, ledger: ledger() })).toThrow('latencyMs');
  });
});
