import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  Address,
  CustomerDetailFieldType,
  CustomerDetailFieldTypes,
  CustomerDetailFieldValue,
  LineItem,
  LineItemFeatures,
  Notification,
  PaymentIntentStateMachine,
  ProblemCode,
} from '../../src';

const LINE = 'fnb:arena|46602259e87b5062c3ef0e0f';
const crossSell = { type: 'cross-sell', key: null, crossSoldFromLineItemId: LINE };

describe('LineItemFeatures', () => {
  it('skips features of unknown types and keeps cross-sells', () => {
    const features = [{ type: 'gift-wrap', key: 'x', colour: 'red' }, crossSell, { type: 'loyalty' }];
    expect(LineItemFeatures.decode(features)).toEqual(E.right([crossSell]));
  });

  it('fails on a malformed cross-sell and on features without a type', () => {
    expect(E.isLeft(LineItemFeatures.decode([{ type: 'cross-sell', key: null }]))).toBe(true);
    expect(E.isLeft(LineItemFeatures.decode([{ key: 'x' }]))).toBe(true);
    expect(E.isLeft(LineItemFeatures.decode({ type: 'cross-sell' }))).toBe(true);
  });

  it('keeps a nullable key', () => {
    const withKey = { ...crossSell, key: 'k' };
    expect(LineItemFeatures.decode([withKey])).toEqual(E.right([withKey]));
  });
});

describe('optional fields (C-1.2)', () => {
  const money = { minorUnits: 1250, currencyCode: 'GBP', precision: 2 };

  it('are left out when encoding, never written as undefined or null', () => {
    const decoded = LineItem.decode({
      id: LINE,
      type: 'Consumable',
      productId: LINE,
      totalPrice: money,
      consumable: { quantity: 1, UnitPrice: money, title: 'Pie', kioskId: 'kiosk-north' },
      features: [],
    });
    if (E.isLeft(decoded)) throw new Error('the line item should decode');
    const line = decoded.right;
    const encoded = LineItem.encode({
      ...line,
      features: undefined,
      consumable: line.consumable && { ...line.consumable, kioskId: undefined },
    });
    expect(encoded).toEqual({
      id: LINE,
      type: 'Consumable',
      productId: LINE,
      totalPrice: money,
      consumable: { quantity: 1, UnitPrice: money, title: 'Pie' },
    });
    expect(Object.keys(encoded)).not.toContain('features');
    expect(Object.keys(encoded.consumable ?? {})).not.toContain('kioskId');
  });

  it('keep the spellings of the interface (C-1.1)', () => {
    const machine = { pendingProviderBasjets: [LINE], pendingPaymentProvider: true, ready: false };
    expect(PaymentIntentStateMachine.decode(machine)).toEqual(E.right(machine));
    expect(
      E.isLeft(Address.decode({ streetLine1: 'x', city: 'y', countryCode: 'GB', postalCode: 'z' })),
    ).toBe(true);
  });
});

describe('CustomerDetailFieldValue (C-7.12)', () => {
  const address = { StreetLine1: '1 Arena Way', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' };

  it.each([
    { type: 'Email', value: { email: 'alice@example.com' } },
    { type: 'FirstName', value: { name: 'Alice' } },
    { type: 'BillingLastName', value: { name: 'x'.repeat(100) } },
    { type: 'PhoneNumber', value: { phoneNumber: '+441132960000' } },
    { type: 'BillingAddress', value: address },
    { type: 'DeliveryAddress', value: { ...address, Region: 'West Yorkshire' } },
    { type: 'LastName' },
  ])('accepts $type', (field) => {
    expect(CustomerDetailFieldValue.decode(field)).toEqual(E.right(field));
  });

  it.each([
    { type: 'Email', value: { email: 'not-an-email' } },
    { type: 'Email', value: { name: 'Alice' } },
    { type: 'FirstName', value: { name: '' } },
    { type: 'LastName', value: { name: 'x'.repeat(101) } },
    { type: 'PhoneNumber', value: { phoneNumber: '01132960000' } },
    { type: 'PhoneNumber', value: { phoneNumber: '+0113' } },
    { type: 'BillingAddress', value: { StreetLine1: '1 Arena Way' } },
    { type: 'Nickname', value: { name: 'Al' } },
    { type: 'FirstName', value: 'Alice' },
  ])('rejects %j', (field) => {
    expect(E.isLeft(CustomerDetailFieldValue.decode(field))).toBe(true);
  });

  it('lists the field types in the order of the enum', () => {
    expect(CustomerDetailFieldTypes).toEqual(Object.keys(CustomerDetailFieldType.keys));
  });
});

describe('Notification (C-5.2)', () => {
  const base = {
    notificationId: '0190f0c8-5c4e-7a3b-9c1d-2e3f4a5b6c7d',
    operation: 'addProductToBasket',
    basketId: '0190f0c8-5c4e-7a3b-9c1d-2e3f4a5b6c7e',
    created: '2026-11-21T18:04:05.123Z',
  };
  const problem = {
    type: 'about:blank',
    title: 'Gone',
    status: 422,
    detail: 'Sold out',
    code: 'seats-unavailable',
  };

  it('has completed exactly when no longer pending, and a problem when failed', () => {
    expect(E.isRight(Notification.decode({ ...base, status: 'Pending' }))).toBe(true);
    expect(E.isRight(Notification.decode({ ...base, status: 'Succeeded', completed: base.created }))).toBe(
      true,
    );
    expect(
      E.isRight(Notification.decode({ ...base, status: 'Failed', completed: base.created, problem })),
    ).toBe(true);
    expect(E.isLeft(Notification.decode({ ...base, status: 'Succeeded' }))).toBe(true);
    expect(E.isLeft(Notification.decode({ ...base, status: 'Failed', completed: base.created }))).toBe(true);
  });

  it('knows the problem codes of C-3.2, C-3.3, C-6.3 and C-8.1', () => {
    const some = [
      'validation-failed',
      'seat-not-found',
      'idempotency-key-in-use',
      'basket-empty',
      'customer-details-missing',
    ];
    for (const code of some) {
      expect(ProblemCode.is(code)).toBe(true);
    }
    expect(Object.keys(ProblemCode.keys)).toHaveLength(46);
  });
});
