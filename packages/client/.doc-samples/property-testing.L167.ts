// docs/property-testing.md:167
import { AddProductToBasketRequest, Basket, PaymentIntent } from '@basket/core';
import { arbitraryAddProductToBasketRequest, arbitraryBasket, arbitraryPaymentIntent } from '@basket/testing';
import fc from 'fast-check';
import { expect, it } from 'vitest';

it('wire values decode to themselves after encoding', () => {
  fc.assert(
    fc.property(arbitraryBasket(), arbitraryPaymentIntent(), arbitraryAddProductToBasketRequest, (b, pi, req) => {
      expect(Basket.decode(JSON.parse(JSON.stringify(Basket.encode(b))))).toEqual({ _tag: 'Right', right: b });
      expect(PaymentIntent.is(pi)).toBe(true);
      expect(AddProductToBasketRequest.is(req)).toBe(true);
    }),
  );
});
export {};
