// docs/property-testing.md:87
import {
  AddProduct,
  type Availability,
  type BasketCommand,
  type BasketState,
  basketDecider,
  capacityOf,
  catalogIndex,
  resourcesToCheck,
} from '@basket/core';
import { demoCatalogPath, loadCatalogFile } from '@basket/providers-catalog';
import { basketAndNowArb } from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { expect, it } from 'vitest';

const catalog = catalogIndex(await loadCatalogFile(demoCatalogPath));

/** Facts where nobody else holds anything: every resource free up to its capacity. */
const plenty = (command: BasketCommand, state: BasketState) => {
  const availability: Availability = new Map(
    resourcesToCheck(command, state, catalog).map((resource) => [resource, capacityOf(resource, catalog)]),
  );
  return { catalog, availability };
};

it('C-8.3: a locked basket refuses to add a product, whatever it holds', () => {
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
      if (E.isLeft(command)) throw new Error('the command does not decode');
      const decision = basketDecider.decide(command.right, state, plenty(command.right, state));
      expect(E.isLeft(decision) && decision.left.code).toBe('basket-locked');
    }),
  );
});
export {};
