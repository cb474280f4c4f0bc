import { describe, expect, it } from 'vitest';
import type { BasketEvent } from '../../src/basket/events';
import {
  addPie,
  BASKET,
  cmd,
  created,
  FNB_PB,
  factsWith,
  historyOf,
  minutesLater,
  pickTour,
  spec,
  T0,
  TSL_PB,
} from './fixtures';

const INTENT = '0190f5a2-7c1e-7a3b-9c4d-000000000001';
const OTHER_INTENT = '0190f5a2-7c1e-7a3b-9c4d-000000000002';
const facts = factsWith();

const email = { type: 'Email', value: { email: 'ann@example.com' } } as const;
const first = { type: 'FirstName', value: { name: 'Ann' } } as const;
const last = { type: 'LastName', value: { name: 'Lee' } } as const;
const phone = { type: 'PhoneNumber', value: { phoneNumber: '+441132960000' } } as const;

/** A basket with a tour booking (Digital e-ticket always included) and every detail it needs. */
const readyToPay = (): ReadonlyArray<BasketEvent> =>
  historyOf(pickTour(2), cmd('SetCustomerDetails', { customerDetails: [email, first, last, phone] }));
const locked = (): ReadonlyArray<BasketEvent> => [
  ...readyToPay(),
  { type: 'BasketLocked', at: T0, paymentIntentId: INTENT },
];

describe('CreateBasket (C-7.1)', () => {
  it('creates an empty basket in the store currency', () => {
    spec([])
      .when(cmd('CreateBasket', { storeId: 'arena-web', currency: { code: 'GBP', precision: 2 } }), facts)
      .then([created]);
  });

  it('C-1.5: refuses a basket id that is not a lowercase UUID, which the Basket view could not carry', () => {
    for (const basketId of ['nope', '', BASKET.toUpperCase(), `${BASKET}x`]) {
      spec([])
        .when(
          {
            ...cmd('CreateBasket', { storeId: 'arena-web', currency: { code: 'GBP', precision: 2 } }),
            basketId,
          },
          facts,
        )
        .thenFails('validation-failed');
    }
  });

  it('refuses to create a basket that exists (validation-failed)', () => {
    spec([created])
      .when(cmd('CreateBasket', { storeId: 'arena-web', currency: { code: 'GBP', precision: 2 } }), facts)
      .thenFails('validation-failed');
  });
});

describe('basket existence and state (C-1.7, C-7.14, C-8.3, C-8.5)', () => {
  it('C-1.7: any command but CreateBasket on no basket is basket-not-found', () => {
    spec([]).when(addPie(), facts).thenFails('basket-not-found');
    spec([]).when(cmd('ExpireHolds', {}), facts).thenFails('basket-not-found');
  });

  it('C-7.14: a deleted basket is basket-not-found for every command', () => {
    const history: ReadonlyArray<BasketEvent> = [created, { type: 'BasketDeleted', at: T0 }];
    spec(history).when(addPie(), facts).thenFails('basket-not-found');
    spec(history).when(cmd('DeleteBasket', {}), facts).thenFails('basket-not-found');
    spec(history)
      .when(cmd('CheckOut', { paymentIntentId: INTENT }), facts)
      .thenFails('basket-not-found');
  });

  it('C-8.3: customer commands on a locked basket are basket-locked', () => {
    spec(locked()).when(addPie(), facts).thenFails('basket-locked');
    spec(locked()).when(cmd('DeleteBasket', {}), facts).thenFails('basket-locked');
    spec(locked())
      .when(cmd('AssignContact', { contactId: 'contact-alice' }), facts)
      .thenFails('basket-locked');
  });

  it('C-8.5: customer commands on a checked-out basket are basket-checked-out', () => {
    const paid: ReadonlyArray<BasketEvent> = [
      ...locked(),
      { type: 'BasketCheckedOut', at: T0, paymentIntentId: INTENT },
    ];
    spec(paid).when(addPie(), facts).thenFails('basket-checked-out');
    spec(paid)
      .when(cmd('RemoveVoucher', { voucherCode: 'SHIRT10' }), facts)
      .thenFails('basket-checked-out');
    spec(paid)
      .when(cmd('LockForPayment', { paymentIntentId: OTHER_INTENT }), facts)
      .thenFails('basket-checked-out');
    spec(paid)
      .when(cmd('ExpireHolds', { at: minutesLater(60) }), facts)
      .then([]);
  });
});

describe('DeleteBasket (C-7.14)', () => {
  it('deletes an open basket', () => {
    spec(historyOf(addPie()))
      .when(cmd('DeleteBasket', {}), facts)
      .then([{ type: 'BasketDeleted', at: T0 }]);
  });
});

describe('AssignContact (C-2.6)', () => {
  it('assigns the signed-in contact', () => {
    spec([created])
      .when(cmd('AssignContact', { contactId: 'contact-alice' }), facts)
      .then([{ type: 'ContactAssigned', at: T0, contactId: 'contact-alice' }]);
  });

  it('C-2.6: the same contact again changes nothing', () => {
    spec(historyOf(cmd('AssignContact', { contactId: 'contact-alice' })))
      .when(cmd('AssignContact', { contactId: 'contact-alice' }), facts)
      .then([]);
  });

  it('C-2.6: another contact is contact-conflict', () => {
    spec(historyOf(cmd('AssignContact', { contactId: 'contact-alice' })))
      .when(cmd('AssignContact', { contactId: 'contact-bob' }), facts)
      .thenFails('contact-conflict');
  });
});

describe('LockForPayment (C-8.1, C-8.3)', () => {
  it('locks a basket that meets the preconditions', () => {
    spec(readyToPay())
      .when(cmd('LockForPayment', { paymentIntentId: INTENT }), facts)
      .then([{ type: 'BasketLocked', at: T0, paymentIntentId: INTENT }]);
  });

  it('C-8.1: the same intent again changes nothing', () => {
    spec(locked())
      .when(cmd('LockForPayment', { paymentIntentId: INTENT }), facts)
      .then([]);
  });

  it('C-8.3: another intent on a locked basket is basket-locked', () => {
    spec(locked())
      .when(cmd('LockForPayment', { paymentIntentId: OTHER_INTENT }), facts)
      .thenFails('basket-locked');
  });

  it('C-8.1: an empty basket is basket-empty', () => {
    spec([created])
      .when(cmd('LockForPayment', { paymentIntentId: INTENT }), facts)
      .thenFails('basket-empty');
  });

  it('C-8.1: a basket whose holds all ran out is basket-empty', () => {
    spec(readyToPay())
      .when(cmd('LockForPayment', { paymentIntentId: INTENT, at: minutesLater(10) }), facts)
      .thenFails('basket-empty');
  });

  it('C-8.1: a line whose delivery methods none is selected is delivery-not-covered', () => {
    spec(historyOf(addPie(), cmd('SetCustomerDetails', { customerDetails: [email] })))
      .when(cmd('LockForPayment', { paymentIntentId: INTENT }), facts)
      .thenFails('delivery-not-covered');
  });

  it('C-8.1: a required customer detail without a value is customer-details-missing', () => {
    spec(historyOf(pickTour(1), cmd('SetCustomerDetails', { customerDetails: [email, first] })))
      .when(cmd('LockForPayment', { paymentIntentId: INTENT }), facts)
      .thenFails('customer-details-missing');
  });
});

describe('the payment saga on a locked basket (C-8.2, C-8.4, C-8.5, C-8.6)', () => {
  it('C-8.2: a provider confirms its basket for the locking intent', () => {
    const state = spec(locked())
      .when(cmd('ConfirmProviderBasket', { paymentIntentId: INTENT, providerBasketId: TSL_PB }), facts)
      .then([{ type: 'ProviderBasketConfirmed', at: T0, paymentIntentId: INTENT, providerBasketId: TSL_PB }]);
    expect(state.status === 'locked' && state.providerBaskets[0]?.confirmed).toBe(true);
  });

  it('C-8.2: confirming again changes nothing', () => {
    const confirmed: ReadonlyArray<BasketEvent> = [
      ...locked(),
      { type: 'ProviderBasketConfirmed', at: T0, paymentIntentId: INTENT, providerBasketId: TSL_PB },
    ];
    spec(confirmed)
      .when(cmd('ConfirmProviderBasket', { paymentIntentId: INTENT, providerBasketId: TSL_PB }), facts)
      .then([]);
  });

  it('C-8.2: an unknown provider basket is provider-basket-not-found', () => {
    spec(locked())
      .when(cmd('ConfirmProviderBasket', { paymentIntentId: INTENT, providerBasketId: FNB_PB }), facts)
      .thenFails('provider-basket-not-found');
  });

  it('C-8.6: confirming for another intent, or on an open basket, is payment-intent-state', () => {
    spec(locked())
      .when(cmd('ConfirmProviderBasket', { paymentIntentId: OTHER_INTENT, providerBasketId: TSL_PB }), facts)
      .thenFails('payment-intent-state');
    spec(readyToPay())
      .when(cmd('ConfirmProviderBasket', { paymentIntentId: INTENT, providerBasketId: TSL_PB }), facts)
      .thenFails('payment-intent-state');
  });

  it('C-8.4: cancelling unlocks the basket and keeps its lines', () => {
    const state = spec(locked())
      .when(cmd('UnlockAfterPayment', { paymentIntentId: INTENT, reason: 'cancelled' }), facts)
      .then([{ type: 'BasketUnlocked', at: T0, paymentIntentId: INTENT, reason: 'cancelled' }]);
    expect(state.status === 'open' && state.providerBaskets.length).toBe(1);
  });

  it('C-8.2/C-7.8: an unlock can leave the holds of named provider baskets running (the catalog has no room to restart them); unknown ones are not recorded', () => {
    const later = minutesLater(1);
    const unlock = {
      ...cmd('UnlockAfterPayment', { paymentIntentId: INTENT, reason: 'provider-refused' }),
      at: later,
    };
    const kept = spec(locked())
      .when({ ...unlock, notRestarted: [TSL_PB, FNB_PB] }, facts)
      .then([
        {
          type: 'BasketUnlocked',
          at: later,
          paymentIntentId: INTENT,
          reason: 'provider-refused',
          notRestarted: [TSL_PB],
        },
      ]);
    const restarted = spec(locked())
      .when(unlock, facts)
      .then([{ type: 'BasketUnlocked', at: later, paymentIntentId: INTENT, reason: 'provider-refused' }]);
    const restartOf = (state: typeof kept) =>
      state.status === 'open' ? state.providerBaskets[0]?.holdsRestartedAt : undefined;
    expect(restartOf(kept)).toBe(T0);
    expect(restartOf(restarted)).toBe(later);
  });

  it('C-8.6: unlocking for another intent is payment-intent-state', () => {
    spec(locked())
      .when(cmd('UnlockAfterPayment', { paymentIntentId: OTHER_INTENT, reason: 'provider-refused' }), facts)
      .thenFails('payment-intent-state');
  });

  it('C-8.5: paying checks the basket out; the same intent again changes nothing', () => {
    const paid = spec(locked())
      .when(cmd('CheckOut', { paymentIntentId: INTENT }), facts)
      .then([{ type: 'BasketCheckedOut', at: T0, paymentIntentId: INTENT }]);
    expect(paid.status).toBe('checkedOut');
    spec([...locked(), { type: 'BasketCheckedOut', at: T0, paymentIntentId: INTENT }])
      .when(cmd('CheckOut', { paymentIntentId: INTENT }), facts)
      .then([]);
  });

  it('C-8.6: checking out an open basket, or for another intent, is payment-intent-state', () => {
    spec(readyToPay())
      .when(cmd('CheckOut', { paymentIntentId: INTENT }), facts)
      .thenFails('payment-intent-state');
    spec(locked())
      .when(cmd('CheckOut', { paymentIntentId: OTHER_INTENT }), facts)
      .thenFails('payment-intent-state');
  });

  it('C-7.8: a confirmed provider basket does not expire while locked; an unconfirmed one does', () => {
    const twoProviders = historyOf(
      pickTour(2),
      addPie(1),
      cmd('SetDeliveryMethod', {
        providerBasketId: FNB_PB,
        selection: {
          type: 'KioskCollection',
          id: 'fnb-kiosk',
          kioskId: 'kiosk-north',
          collectionTime: minutesLater(120),
          collectionId: 'c-1',
          seatId: 'my-seat',
        },
      }),
      cmd('SetCustomerDetails', { customerDetails: [email, first, last, phone] }),
    );
    const history: ReadonlyArray<BasketEvent> = [
      ...twoProviders,
      { type: 'BasketLocked', at: T0, paymentIntentId: INTENT },
      { type: 'ProviderBasketConfirmed', at: T0, paymentIntentId: INTENT, providerBasketId: TSL_PB },
    ];
    spec(history)
      .when(cmd('ExpireHolds', { at: minutesLater(20) }), facts)
      .then([{ type: 'ProviderBasketExpired', at: minutesLater(20), providerBasketId: FNB_PB }]);
  });
});

describe('commands carry the basket id they act on', () => {
  it('uses the test basket', () => {
    expect(addPie().basketId).toBe(BASKET);
  });
});
