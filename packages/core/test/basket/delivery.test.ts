import { describe, expect, it } from 'vitest';
import { basketView, type DeliveryMethodSelection, exists } from '../../src';
import {
  addPie,
  cmd,
  FNB_PB,
  historyOf,
  MATCH_LINE,
  minutesLater,
  pickSeats,
  SHOP_PB,
  stateOf,
  T0,
  TIX_PB,
  whenPlenty,
} from './fixtures';

const select = (providerBasketId: typeof FNB_PB, selection: DeliveryMethodSelection) =>
  cmd('SetDeliveryMethod', { providerBasketId, selection });
const selected = (providerBasketId: typeof FNB_PB, selection: DeliveryMethodSelection) => ({
  type: 'DeliveryMethodSelected' as const,
  at: T0,
  providerBasketId,
  selection,
});

const tickets = () => historyOf(pickSeats('N-C-4'));
const food = () => historyOf(pickSeats('N-C-4'), addPie(2));
const kiosk = (overrides: Partial<{ kioskId: string; collectionTime: string; seatId: string }> = {}) =>
  ({
    type: 'KioskCollection',
    id: 'fnb-kiosk',
    kioskId: 'kiosk-north',
    collectionTime: minutesLater(60),
    collectionId: 'my-order-1',
    seatId: 'my-ref',
    ...overrides,
  }) as DeliveryMethodSelection;
const inSeat = (seatId: string) =>
  ({ ...kiosk({ seatId }), type: 'InSeat', id: 'fnb-inseat' }) as DeliveryMethodSelection;

describe('SetDeliveryMethod (C-7.9, C-7.9a)', () => {
  it('C-7.9: selects a Digital method of the provider basket', () => {
    const digital: DeliveryMethodSelection = { type: 'Digital', id: 'tix-mobile' };
    whenPlenty(tickets(), select(TIX_PB, digital)).then([selected(TIX_PB, digital)]);
  });

  it('C-7.9a: the same selection again changes nothing', () => {
    const digital: DeliveryMethodSelection = { type: 'Digital', id: 'tix-mobile' };
    whenPlenty(historyOf(pickSeats('N-C-4'), select(TIX_PB, digital)), select(TIX_PB, digital)).then([]);
  });

  it('C-7.9: an Address selection with an entry of the method, or with a new address', () => {
    const entry: DeliveryMethodSelection = { type: 'Address', id: 'tix-post', addressEntryId: 'box-office' };
    whenPlenty(tickets(), select(TIX_PB, entry)).then([selected(TIX_PB, entry)]);
    const address: DeliveryMethodSelection = {
      type: 'Address',
      id: 'tix-post',
      address: { StreetLine1: '1 Main St', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' },
    };
    whenPlenty(tickets(), select(TIX_PB, address)).then([selected(TIX_PB, address)]);
  });

  it('C-7.9: an address entry the method does not have is delivery-method-invalid', () => {
    whenPlenty(
      tickets(),
      select(TIX_PB, { type: 'Address', id: 'tix-post', addressEntryId: 'home' }),
    ).thenFails('delivery-method-invalid');
  });

  it('C-7.9: both an entry and an address is validation-failed', () => {
    const both = {
      type: 'Address',
      id: 'tix-post',
      addressEntryId: 'box-office',
      address: { StreetLine1: '1 Main St', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' },
    } as DeliveryMethodSelection;
    whenPlenty(tickets(), select(TIX_PB, both)).thenFails('validation-failed');
  });

  it('C-7.9: a method id the provider basket does not have, or of another type, is delivery-method-invalid', () => {
    whenPlenty(tickets(), select(TIX_PB, { type: 'Digital', id: 'fnb-kiosk' })).thenFails(
      'delivery-method-invalid',
    );
    whenPlenty(
      tickets(),
      select(TIX_PB, { type: 'Address', id: 'tix-mobile', addressEntryId: 'box-office' }),
    ).thenFails('delivery-method-invalid');
  });

  it('C-7.9: kiosk collection at a kiosk of the provider, in the future', () => {
    whenPlenty(food(), select(FNB_PB, kiosk())).then([selected(FNB_PB, kiosk())]);
  });

  it('C-7.9: a kiosk the provider does not have is kiosk-not-found', () => {
    whenPlenty(food(), select(FNB_PB, kiosk({ kioskId: 'kiosk-east' }))).thenFails('kiosk-not-found');
  });

  it('C-7.9: a collection time not in the future is collection-time-invalid', () => {
    whenPlenty(food(), select(FNB_PB, kiosk({ collectionTime: T0 }))).thenFails('collection-time-invalid');
  });

  it('C-7.9: in-seat delivery to a seat of a ticket in the basket', () => {
    whenPlenty(food(), select(FNB_PB, inSeat('N-C-4'))).then([selected(FNB_PB, inSeat('N-C-4'))]);
  });

  it('C-7.9: in-seat delivery to a seat not in the basket is seat-not-in-basket', () => {
    whenPlenty(food(), select(FNB_PB, inSeat('N-C-5'))).thenFails('seat-not-in-basket');
  });

  it('C-1.7: an unknown provider basket is provider-basket-not-found', () => {
    whenPlenty(food(), select(SHOP_PB, { type: 'Digital', id: 'tix-mobile' })).thenFails(
      'provider-basket-not-found',
    );
  });
});

describe('an in-seat selection follows its seat (C-7.9)', () => {
  const served = () => historyOf(pickSeats('N-C-4'), addPie(2), select(FNB_PB, inSeat('N-C-4')));
  const deselected = (at = T0) => ({
    type: 'DeliveryMethodDeselected' as const,
    at,
    providerBasketId: FNB_PB,
    deliveryMethodId: 'fnb-inseat',
    reason: 'seat-not-in-basket' as const,
  });
  const selectionsOf = (state: ReturnType<typeof stateOf>) =>
    state.status === 'open' ? state.providerBaskets.find((pb) => pb.id === FNB_PB)?.selections : undefined;

  it('is dropped when its ticket is deleted', () => {
    const events = whenPlenty(
      served(),
      cmd('DeleteLineItem', { providerBasketId: TIX_PB, lineItemId: MATCH_LINE }),
    ).events();
    expect(events).toContainEqual(deselected());
    expect(selectionsOf(stateOf([...served(), ...events]))).toEqual([]);
  });

  it('is dropped when the seat selection is replaced by other seats', () => {
    const outcome = whenPlenty(served(), pickSeats('N-C-5'));
    expect(outcome.events()).toContainEqual(deselected());
    expect(selectionsOf(outcome.state())).toEqual([]);
  });

  it('stays while its seat stays, whatever else changes', () => {
    const outcome = whenPlenty(served(), pickSeats('N-C-4', 'N-C-5'));
    expect(outcome.events().map((e) => e.type)).not.toContain('DeliveryMethodDeselected');
    expect(selectionsOf(outcome.state())).toEqual([inSeat('N-C-4')]);
    expect(
      whenPlenty(served(), addPie(1))
        .events()
        .map((e) => e.type),
    ).not.toContain('DeliveryMethodDeselected');
  });

  it('is dropped when its ticket expires (C-7.8), before the next command is decided', () => {
    const history = historyOf(
      pickSeats('N-C-4'),
      { ...addPie(2), at: minutesLater(10) },
      { ...select(FNB_PB, inSeat('N-C-4')), at: minutesLater(10) },
    );
    const late = minutesLater(16);
    const events = whenPlenty(history, { ...addPie(1), at: late }).events();
    expect(events.slice(0, 2)).toEqual([
      { type: 'ProviderBasketExpired', at: late, providerBasketId: TIX_PB },
      deselected(late),
    ]);
  });

  it('is hidden from a read once its ticket expired, before anything is written (C-7.8)', () => {
    const state = stateOf(
      historyOf(
        pickSeats('N-C-4'),
        { ...addPie(2), at: minutesLater(10) },
        { ...select(FNB_PB, inSeat('N-C-4')), at: minutesLater(10) },
      ),
    );
    if (!exists(state)) throw new Error('no basket');
    const selectionsAt = (at: ReturnType<typeof minutesLater>) =>
      basketView(state, at).providerBaskets.find((pb) => pb.id === FNB_PB)?.deliveryMethodSelections;
    expect(selectionsAt(minutesLater(14))).toEqual([inSeat('N-C-4')]);
    expect(selectionsAt(minutesLater(16))).toEqual([]);
  });
});
