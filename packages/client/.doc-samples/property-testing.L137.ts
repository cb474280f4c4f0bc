// docs/property-testing.md:137
import { basketDecider, type BasketEvent, catalogIndex, isInstant } from '@basket/core';
import { demoCatalogPath, loadCatalogFile } from '@basket/providers-catalog';
import { given } from '@basket/testing';
import { it } from 'vitest';

const catalog = catalogIndex(await loadCatalogFile(demoCatalogPath));
const at = '2026-11-21T18:00:00.000Z';
if (!isInstant(at)) throw new Error('not an instant');
const basketId = '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d';
const created: BasketEvent = {
  type: 'BasketCreated',
  at,
  basketId,
  storeId: 'arena-web',
  currency: { code: 'GBP', precision: 2 },
};

it('C-7.11: a voucher without a matching line is not applicable', () => {
  given(basketDecider, [created])
    .when({ type: 'AddVoucher', basketId, at, voucherCode: 'SHIRT10' }, { catalog, availability: new Map() })
    .thenFails('voucher-not-applicable');
});
export {};
