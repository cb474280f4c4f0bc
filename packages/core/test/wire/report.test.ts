import { anotherIoTs } from '@basket/testing';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  AddProductToBasketRequest,
  type FieldError,
  LineItemFeatures,
  SelectSeatsRequest,
  SetCustomerDetailsRequest,
  SetDeliveryMethodRequest,
  validationErrors,
} from '../../src';

const errorsOf = <A, O>(codec: t.Type<A, O, unknown>, value: unknown): ReadonlyArray<FieldError> => {
  const decoded = codec.decode(value);
  return E.isLeft(decoded) ? validationErrors(decoded.left) : [];
};

const RATE = 'tix:arena|04fa8b0f000f5e75539db368';

describe('validationErrors', () => {
  it('gives one dotted path per bad field, naming what was expected', () => {
    expect(errorsOf(SelectSeatsRequest, { rates: [{ rateId: RATE, quantity: '2' }] })).toEqual([
      { path: 'rates.0.quantity', message: 'expected Int32 >= 1' },
    ]);
    expect(errorsOf(AddProductToBasketRequest, { quantity: 100, crossSoldFromLineItemId: 'line' })).toEqual([
      { path: 'quantity', message: 'expected an integer from 1 to 99' },
      {
        path: 'crossSoldFromLineItemId',
        message: "expected a ProviderIdentity '<provider>|<24 lowercase letters or digits>'",
      },
    ]);
  });

  it('says when a required field is missing', () => {
    expect(errorsOf(AddProductToBasketRequest, {})).toEqual([
      { path: 'quantity', message: 'is required (expected Int32 1..99)' },
    ]);
  });

  it('reports a refinement of the whole body at the root', () => {
    expect(errorsOf(SelectSeatsRequest, {})).toEqual([
      { path: '', message: 'exactly one of rates and seats is required, with at least one entry' },
    ]);
  });

  it('reports only the errors of the variant named by the discriminant', () => {
    const selection = {
      type: 'KioskCollection',
      id: 'k',
      kioskId: 'kiosk-north',
      collectionId: 'c',
      seatId: 's',
    };
    expect(
      errorsOf(SetDeliveryMethodRequest, { deliveryMethod: { ...selection, collectionTime: 'soon' } }),
    ).toEqual([
      {
        path: 'deliveryMethod.collectionTime',
        message: 'expected an ISO 8601 date-time with an offset, e.g. 2026-11-21T18:04:05.123Z',
      },
    ]);
    expect(
      errorsOf(SetDeliveryMethodRequest, { deliveryMethod: { type: 'Address', id: 'tix-post' } }),
    ).toEqual([{ path: 'deliveryMethod', message: 'exactly one of addressEntryId and address is required' }]);
  });

  it('names the allowed discriminants when none matches', () => {
    expect(errorsOf(SetDeliveryMethodRequest, { deliveryMethod: { type: 'Drone', id: 'x' } })).toEqual([
      {
        path: 'deliveryMethod.type',
        message: 'expected "KioskCollection" | "InSeat" | "Address" | "Digital"',
      },
    ]);
    expect(errorsOf(SetCustomerDetailsRequest, { customerDetails: [{ value: { name: 'Al' } }] })).toEqual([
      {
        path: 'customerDetails.0.type',
        message:
          'is required (expected "Email" | "FirstName" | "LastName" | "PhoneNumber" | "BillingAddress" | "DeliveryAddress" | "BillingFirstName" | "BillingLastName")',
      },
    ]);
    expect(errorsOf(SetDeliveryMethodRequest, {})).toEqual([
      { path: 'deliveryMethod', message: 'is required (expected DeliveryMethodSelection)' },
    ]);
  });

  it('keeps the errors of the union member that got furthest, or names the union', () => {
    const union = t.union([t.string, t.type({ amount: t.number })]);
    expect(errorsOf(union, { amount: 'x' })).toEqual([{ path: 'amount', message: 'expected number' }]);
    expect(errorsOf(union, 5)).toEqual([{ path: '', message: 'expected (string | { amount: number })' }]);
    expect(
      errorsOf(LineItemFeatures, [{ type: 'cross-sell', key: 5, crossSoldFromLineItemId: RATE }]),
    ).toEqual([{ path: '0.key', message: 'expected (string | null)' }]);
  });

  it('never echoes the value it refused (C-2.8)', () => {
    const secret = 'alice-secret@@example';
    const errors = errorsOf(SetCustomerDetailsRequest, {
      customerDetails: [{ type: 'Email', value: { email: secret } }],
    });
    expect(errors).toEqual([{ path: 'customerDetails.0.value.email', message: 'expected an email address' }]);
    expect(JSON.stringify(errors)).not.toContain(secret);
  });
});

describe('validationErrors of codecs made by another copy of io-ts', () => {
  /** A second copy, as npm nests one beside this package's when a service's own io-ts range differs. */
  const other = anotherIoTs();

  const drawing = (io: typeof t) =>
    io.type({
      shape: io.union([
        io.type({ kind: io.literal('circle'), radius: io.number }),
        io.type({ kind: io.literal('square'), side: io.number }),
      ]),
    });

  it('gives the paths and the variant’s errors that this copy’s codecs give', () => {
    expect(other.InterfaceType).not.toBe(t.InterfaceType);
    const value = { shape: { kind: 'circle', radius: 'wide' } };
    expect(errorsOf(drawing(other), value)).toEqual(errorsOf(drawing(t), value));
    expect(errorsOf(drawing(other), value)).toEqual([{ path: 'shape.radius', message: 'expected number' }]);
  });
});
