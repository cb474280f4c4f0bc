import {
  AcceptedNotificationResponse,
  AddProductToBasketRequest,
  Address,
  Basket,
  CreatePaymentIntentRequest,
  type Currency,
  CurrencyC,
  CustomerDetailField,
  CustomerDetailFieldValue,
  DeliveryMethod,
  DeliveryMethodSelection,
  EventListing,
  Instant,
  Int32,
  LineItem,
  LineItemFeatures,
  MoneyC,
  Notification,
  NotificationResponse,
  PathId,
  PathProviderIdentity,
  PaymentIntent,
  Problem,
  ProviderBasket,
  ProviderDiscount,
  ProviderIdentity,
  SelectSeatsRequest,
  SelectTimeSlotRequest,
  SetCustomerDetailsRequest,
  SetDeliveryMethodRequest,
  UpdateLineItemQuantityRequest,
  UpdateLineItemRequest,
  UseSavedTokenRequest,
  Uuid,
  Voucher,
  VoucherRequest,
} from '@basket/core';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  arbitraryAddProductToBasketRequest,
  arbitraryAddress,
  arbitraryBasket,
  arbitraryCreatePaymentIntentRequest,
  arbitraryCurrency,
  arbitraryCustomerDetailField,
  arbitraryCustomerDetailFieldValue,
  arbitraryDeliveryMethod,
  arbitraryDeliveryMethodSelection,
  arbitraryEventListing,
  arbitraryInstant,
  arbitraryInt32,
  arbitraryLineItem,
  arbitraryLineItemFeature,
  arbitraryMoney,
  arbitraryNotification,
  arbitraryNotificationResponse,
  arbitraryPaymentIntent,
  arbitraryProblem,
  arbitraryProviderBasket,
  arbitraryProviderDiscount,
  arbitraryProviderIdentity,
  arbitrarySelectSeatsRequest,
  arbitrarySelectTimeSlotRequest,
  arbitrarySetCustomerDetailsRequest,
  arbitrarySetDeliveryMethodRequest,
  arbitraryUpdateLineItemQuantityRequest,
  arbitraryUpdateLineItemRequest,
  arbitraryUseSavedTokenRequest,
  arbitraryUuid,
  arbitraryVoucher,
  arbitraryVoucherRequest,
} from '../src';

const GBP: Currency = { code: 'GBP', precision: 2 };

/** Whether `value` holds an `undefined` anywhere: optional fields must be absent instead (C-1.2). */
const holdsUndefined = (value: unknown): boolean =>
  value === undefined ||
  (typeof value === 'object' &&
    value !== null &&
    Object.values(value).some((inner) => holdsUndefined(inner)));

/** Every value decodes to itself, and so does its encoding, before and after JSON. */
const roundTrip = <A, O>(name: string, codec: t.Type<A, O, unknown>, arbitrary: fc.Arbitrary<A>) =>
  it(name, () => {
    fc.assert(
      fc.property(arbitrary, (value) => {
        const encoded = codec.encode(value);
        expect(holdsUndefined(encoded)).toBe(false);
        expect(codec.decode(encoded)).toEqual(E.right(value));
        expect(codec.decode(JSON.parse(JSON.stringify(encoded)))).toEqual(E.right(value));
        expect(codec.decode(value)).toEqual(E.right(value));
      }),
      { numRuns: 50 },
    );
  });

describe('wire codecs round-trip their arbitraries', () => {
  roundTrip('Int32', Int32, arbitraryInt32);
  roundTrip('Instant', Instant, arbitraryInstant);
  roundTrip('ProviderIdentity', ProviderIdentity, arbitraryProviderIdentity());
  roundTrip('PathProviderIdentity', PathProviderIdentity, arbitraryProviderIdentity());
  roundTrip('PathId', PathId, arbitraryUuid);
  roundTrip('Uuid', Uuid, arbitraryUuid);
  roundTrip('Currency', CurrencyC, arbitraryCurrency);
  roundTrip(
    'Money',
    MoneyC,
    arbitraryCurrency.chain((currency) => arbitraryMoney(currency)),
  );
  roundTrip('Address', Address, arbitraryAddress);
  roundTrip('LineItemFeatures', LineItemFeatures, fc.array(arbitraryLineItemFeature));
  roundTrip('ProviderDiscount', ProviderDiscount, arbitraryProviderDiscount(GBP));
  roundTrip('LineItem', LineItem, arbitraryLineItem(GBP));
  roundTrip('DeliveryMethod', DeliveryMethod, arbitraryDeliveryMethod(GBP));
  roundTrip('DeliveryMethodSelection', DeliveryMethodSelection, arbitraryDeliveryMethodSelection);
  roundTrip('CustomerDetailField', CustomerDetailField, arbitraryCustomerDetailField);
  roundTrip('CustomerDetailFieldValue', CustomerDetailFieldValue, arbitraryCustomerDetailFieldValue);
  roundTrip('Voucher', Voucher, arbitraryVoucher(GBP));
  roundTrip('ProviderBasket', ProviderBasket, arbitraryProviderBasket(GBP));
  roundTrip('Basket', Basket, arbitraryBasket());
  roundTrip('PaymentIntent', PaymentIntent, arbitraryPaymentIntent());
  roundTrip('NotificationResponse', NotificationResponse, arbitraryNotificationResponse);
  roundTrip('AcceptedNotificationResponse', AcceptedNotificationResponse, arbitraryNotificationResponse);
  roundTrip('Notification', Notification, arbitraryNotification);
  roundTrip('Problem', Problem, arbitraryProblem);
  roundTrip('EventListing', EventListing, arbitraryEventListing);
  roundTrip('CreatePaymentIntentRequest', CreatePaymentIntentRequest, arbitraryCreatePaymentIntentRequest);
  roundTrip('AddProductToBasketRequest', AddProductToBasketRequest, arbitraryAddProductToBasketRequest);
  roundTrip('SelectSeatsRequest', SelectSeatsRequest, arbitrarySelectSeatsRequest);
  roundTrip('SelectTimeSlotRequest', SelectTimeSlotRequest, arbitrarySelectTimeSlotRequest);
  roundTrip('UpdateLineItemRequest', UpdateLineItemRequest, arbitraryUpdateLineItemRequest);
  roundTrip(
    'UpdateLineItemQuantityRequest',
    UpdateLineItemQuantityRequest,
    arbitraryUpdateLineItemQuantityRequest,
  );
  roundTrip('SetDeliveryMethodRequest', SetDeliveryMethodRequest, arbitrarySetDeliveryMethodRequest);
  roundTrip('SetCustomerDetailsRequest', SetCustomerDetailsRequest, arbitrarySetCustomerDetailsRequest);
  roundTrip('VoucherRequest', VoucherRequest, arbitraryVoucherRequest);
  roundTrip('UseSavedTokenRequest', UseSavedTokenRequest, arbitraryUseSavedTokenRequest);
});

describe('the arbitraries keep one currency', () => {
  it('prices every amount of a basket in its currency', () => {
    fc.assert(
      fc.property(arbitraryBasket(GBP), (basket) => {
        const codes = new Set(JSON.stringify(basket).match(/"currencyCode":"[^"]*"/g));
        expect([...codes]).toEqual(['"currencyCode":"GBP"']);
      }),
      { numRuns: 30 },
    );
  });
});
