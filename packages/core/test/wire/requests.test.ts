import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  AddProductToBasketRequest,
  PathId,
  PathProviderIdentity,
  SelectSeatsRequest,
  SelectTimeSlotRequest,
  SetCustomerDetailsRequest,
  SetDeliveryMethodRequest,
  UpdateLineItemQuantityRequest,
  UpdateLineItemRequest,
  UseSavedTokenRequest,
  VoucherRequest,
} from '../../src';

const RATE = 'tix:arena|04fa8b0f000f5e75539db368';
const SLOT = 'tsl:tours|5664ed686977667429c0cad2';

describe('AddProductToBasketRequest', () => {
  it('accepts a quantity from 1 to 99 and ignores unknown fields (C-1.6, C-7.3)', () => {
    expect(AddProductToBasketRequest.decode({ quantity: 99, colour: 'red' })).toEqual(
      E.right({ quantity: 99 }),
    );
  });

  it.each([0, 100, -1, 2.5, '2', null])('rejects quantity %s', (quantity) => {
    expect(E.isLeft(AddProductToBasketRequest.decode({ quantity }))).toBe(true);
  });

  it('requires a quantity', () => {
    expect(E.isLeft(AddProductToBasketRequest.decode({ kioskId: 'kiosk-north' }))).toBe(true);
  });

  it('validates the cross-sell ids as ProviderIdentity', () => {
    expect(
      E.isLeft(AddProductToBasketRequest.decode({ quantity: 1, crossSoldFromLineItemId: 'line-1' })),
    ).toBe(true);
    expect(E.isLeft(AddProductToBasketRequest.decode({ quantity: 1, crossSoldFromProductId: '' }))).toBe(
      true,
    );
    expect(E.isRight(AddProductToBasketRequest.decode({ quantity: 1, crossSoldFromProductId: RATE }))).toBe(
      true,
    );
  });
});

describe('SelectSeatsRequest (C-7.5)', () => {
  it('accepts rates alone or seats alone', () => {
    expect(E.isRight(SelectSeatsRequest.decode({ rates: [{ rateId: RATE, quantity: 2 }] }))).toBe(true);
    expect(E.isRight(SelectSeatsRequest.decode({ seats: [{ rateId: RATE, seatId: 'N-A-3' }] }))).toBe(true);
  });

  it('rejects both, neither, or an empty list', () => {
    const both = { rates: [{ rateId: RATE, quantity: 2 }], seats: [{ rateId: RATE, seatId: 'N-A-3' }] };
    expect(E.isLeft(SelectSeatsRequest.decode(both))).toBe(true);
    expect(E.isLeft(SelectSeatsRequest.decode({}))).toBe(true);
    expect(E.isLeft(SelectSeatsRequest.decode({ rates: [] }))).toBe(true);
  });

  it('rejects a quantity below 1, a malformed rate id and an empty seat id', () => {
    expect(E.isLeft(SelectSeatsRequest.decode({ rates: [{ rateId: RATE, quantity: 0 }] }))).toBe(true);
    expect(E.isLeft(SelectSeatsRequest.decode({ rates: [{ rateId: 'adult', quantity: 1 }] }))).toBe(true);
    expect(E.isLeft(SelectSeatsRequest.decode({ seats: [{ rateId: RATE, seatId: '' }] }))).toBe(true);
  });

  it('rejects a seat asked for twice (C-1.6: a 400, not a Failed notification)', () => {
    const twice = {
      seats: [
        { rateId: RATE, seatId: 'N-A-3' },
        { rateId: RATE, seatId: 'N-A-3' },
      ],
    };
    expect(E.isLeft(SelectSeatsRequest.decode(twice))).toBe(true);
    const two = {
      seats: [
        { rateId: RATE, seatId: 'N-A-3' },
        { rateId: RATE, seatId: 'N-A-4' },
      ],
    };
    expect(E.isRight(SelectSeatsRequest.decode(two))).toBe(true);
  });
});

describe('SelectTimeSlotRequest (C-7.6)', () => {
  it('accepts zero quantities beside a positive one', () => {
    const request = {
      timeSlotId: SLOT,
      rates: [
        { rateId: RATE, quantity: 0 },
        { rateId: SLOT, quantity: 2 },
      ],
    };
    expect(SelectTimeSlotRequest.decode(request)).toEqual(E.right(request));
  });

  it('rejects rates that are all zero, none at all, or negative', () => {
    expect(
      E.isLeft(SelectTimeSlotRequest.decode({ timeSlotId: SLOT, rates: [{ rateId: RATE, quantity: 0 }] })),
    ).toBe(true);
    expect(E.isLeft(SelectTimeSlotRequest.decode({ timeSlotId: SLOT, rates: [] }))).toBe(true);
    expect(
      E.isLeft(SelectTimeSlotRequest.decode({ timeSlotId: SLOT, rates: [{ rateId: RATE, quantity: -1 }] })),
    ).toBe(true);
  });

  it('rejects a rate named twice (C-1.6: a 400, not a Failed notification)', () => {
    const twice = {
      timeSlotId: SLOT,
      rates: [
        { rateId: RATE, quantity: 1 },
        { rateId: RATE, quantity: 2 },
      ],
    };
    expect(E.isLeft(SelectTimeSlotRequest.decode(twice))).toBe(true);
  });
});

describe('line updates', () => {
  it('UpdateLineItemRequest needs type TimeSlot', () => {
    expect(UpdateLineItemRequest.decode({ type: 'TimeSlot', quantity: 3 })).toEqual(
      E.right({ type: 'TimeSlot', quantity: 3 }),
    );
    expect(E.isLeft(UpdateLineItemRequest.decode({ type: 'Consumable', quantity: 3 }))).toBe(true);
  });

  it.each([0, -1, 100, 2.5])('UpdateLineItemRequest rejects quantity %s (C-1.6, C-7.7)', (quantity) => {
    expect(E.isLeft(UpdateLineItemRequest.decode({ type: 'TimeSlot', quantity }))).toBe(true);
  });

  it('UpdateLineItemQuantityRequest needs a quantity from 1 to 99 (C-7.7)', () => {
    expect(E.isRight(UpdateLineItemQuantityRequest.decode({ quantity: 1 }))).toBe(true);
    expect(E.isLeft(UpdateLineItemQuantityRequest.decode({}))).toBe(true);
    expect(E.isLeft(UpdateLineItemQuantityRequest.decode({ quantity: 100 }))).toBe(true);
  });
});

describe('SetDeliveryMethodRequest (C-7.9)', () => {
  const address = { StreetLine1: '1 Arena Way', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' };

  it('accepts an Address selection with exactly one of addressEntryId and address', () => {
    const byEntry = { deliveryMethod: { type: 'Address', id: 'tix-post', addressEntryId: 'box-office' } };
    const byAddress = { deliveryMethod: { type: 'Address', id: 'shop-post', address } };
    expect(SetDeliveryMethodRequest.decode(byEntry)).toEqual(E.right(byEntry));
    expect(SetDeliveryMethodRequest.decode(byAddress)).toEqual(E.right(byAddress));
  });

  it('rejects an Address selection with both or neither', () => {
    const both = { type: 'Address', id: 'tix-post', addressEntryId: 'box-office', address };
    expect(E.isLeft(SetDeliveryMethodRequest.decode({ deliveryMethod: both }))).toBe(true);
    expect(
      E.isLeft(SetDeliveryMethodRequest.decode({ deliveryMethod: { type: 'Address', id: 'tix-post' } })),
    ).toBe(true);
  });

  it('requires every field of a kiosk collection and normalises its collection time', () => {
    const selection = {
      type: 'KioskCollection',
      id: 'fnb-kiosk',
      kioskId: 'kiosk-north',
      collectionTime: '2027-03-14T14:30:00+00:00',
      collectionId: 'order-17',
      seatId: 'N-A-3',
    };
    expect(SetDeliveryMethodRequest.decode({ deliveryMethod: selection })).toEqual(
      E.right({ deliveryMethod: { ...selection, collectionTime: '2027-03-14T14:30:00.000Z' } }),
    );
    expect(E.isLeft(SetDeliveryMethodRequest.decode({ deliveryMethod: { ...selection, seatId: '' } }))).toBe(
      true,
    );
    const { collectionId: _, ...withoutCollectionId } = selection;
    expect(E.isLeft(SetDeliveryMethodRequest.decode({ deliveryMethod: withoutCollectionId }))).toBe(true);
  });

  it('accepts a Digital selection with only type and id, and rejects an unknown type', () => {
    expect(
      E.isRight(SetDeliveryMethodRequest.decode({ deliveryMethod: { type: 'Digital', id: 'tix-mobile' } })),
    ).toBe(true);
    expect(E.isLeft(SetDeliveryMethodRequest.decode({ deliveryMethod: { type: 'Drone', id: 'x' } }))).toBe(
      true,
    );
  });
});

describe('small bodies and path ids', () => {
  it('rejects empty codes and ids', () => {
    expect(E.isLeft(VoucherRequest.decode({ voucherCode: '' }))).toBe(true);
    expect(E.isLeft(UseSavedTokenRequest.decode({ paymentIntentId: 'x', tokenId: '' }))).toBe(true);
    expect(E.isRight(UseSavedTokenRequest.decode({ paymentIntentId: 'x', tokenId: 'tok_alice_visa' }))).toBe(
      true,
    );
  });

  it('limits path ids to 128 characters (C-9.2)', () => {
    expect(E.isRight(PathId.decode('a'.repeat(128)))).toBe(true);
    expect(E.isLeft(PathId.decode('a'.repeat(129)))).toBe(true);
    expect(E.isLeft(PathId.decode(''))).toBe(true);
    expect(E.isLeft(PathProviderIdentity.decode(`shop|${'a'.repeat(124)}`))).toBe(true);
  });
});

describe('SetCustomerDetailsRequest (C-7.12)', () => {
  it('takes each type once: two values of one type are a 400 (C-1.6), two types are fine', () => {
    const email = (address: string) => ({ type: 'Email', value: { email: address } });
    const twice = { customerDetails: [email('a@example.com'), email('b@example.com')] };
    expect(E.isLeft(SetCustomerDetailsRequest.decode(twice))).toBe(true);
    const two = {
      customerDetails: [email('a@example.com'), { type: 'FirstName', value: { name: 'Alice' } }],
    };
    expect(E.isRight(SetCustomerDetailsRequest.decode(two))).toBe(true);
  });
});
