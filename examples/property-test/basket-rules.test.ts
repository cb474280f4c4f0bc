// A shop's own rules about baskets, as properties: fast-check generates the baskets (with the
// arbitraries of @basket/testing) and shrinks any counterexample; given/when/then drives the decider.
import {
  AddProduct,
  Basket,
  type BasketEvent,
  basketDecider,
  basketView,
  catalogIndex,
  isInstant,
} from '@basket/core';
import { demoCatalogPath, loadCatalogFile } from '@basket/providers-catalog';
import { basketAndNowArb, given, plentyFacts } from '@basket/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const catalog = catalogIndex(await loadCatalogFile(demoCatalogPath));

describe('basket views', () => {
  it('the total is the sum of the provider baskets, and never negative', () => {
    fc.assert(
      fc.property(basketAndNowArb(), ([state, now]) => {
        const view = basketView(state, now);
        const sum = view.providerBaskets.reduce((total, pb) => total + pb.totalPrice.minorUnits, 0);
        expect(view.totalPrice.minorUnits).toBe(sum);
        expect(view.totalPrice.minorUnits).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });

  it('every view is a valid wire Basket, and hides holds that ran out', () => {
    fc.assert(
      fc.property(basketAndNowArb(), ([state, now]) => {
        const view = basketView(state, now);
        expect(Basket.is(view)).toBe(true);
        for (const pb of view.providerBaskets)
          if (pb.expires !== undefined) expect(pb.expires > now).toBe(true);
      }),
    );
  });
});

describe('basket decisions', () => {
  it('a locked basket refuses to add a product, whatever it holds', () => {
    const locked = basketAndNowArb().filter(([state]) => state.status === 'locked');
    fc.assert(
      fc.property(locked, fc.integer({ min: 1, max: 99 }), ([state, now], quantity) => {
        const command = AddProduct.decode({
          type: 'AddProduct',
          basketId: state.id,
          at: now,
          productId: 'fnb:arena|46602259e87b5062c3ef0e0f',
          quantity,
          freshIds: ['aaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbb'],
        });
        if (command._tag === 'Left') throw new Error('the command does not decode');
        // Facts where nobody else holds anything: every resource free up to its capacity.
        const decision = basketDecider.decide(
          command.right,
          state,
          plentyFacts(command.right, state, catalog),
        );
        expect(decision._tag === 'Left' && decision.left.code).toBe('basket-locked');
      }),
    );
  });

  it('given a new basket, when a voucher without a matching line is added, then it is refused', () => {
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
    given(basketDecider, [created])
      .when(
        { type: 'AddVoucher', basketId, at, voucherCode: 'SHIRT10' },
        { catalog, availability: new Map() },
      )
      .thenFails('voucher-not-applicable');
  });
});
